import 'server-only';
import { and, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isStaff } from '@/lib/schemas/roles';
import { isValidZip, type Account, type accountUpdateSchema } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/types';
import { accounts, type BenefitRow } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { nextVersion, updateVersioned } from '@/lib/server/db/versioned-update';
import { ApiError, invalidField } from '@/lib/server/http/api-error';
import { conflict } from '@/lib/server/http/etag';
import { requestApproval, type ApprovalRef } from '@/lib/server/services/approvals/request-approval';
import { type AccountRow, accountNotFound, assertNotArchived, findAccountRow, requireAccount } from './account-record';
import { assertDistributorUser, sameBenefits } from './account-rules';

export type AccountUpdate = z.output<typeof accountUpdateSchema>;
type AccountChanges = Omit<AccountUpdate, 'version'>;

/** 409 with the record as it is now, so the client can show what changed. */
async function versionConflict(tx: Tx, actor: Actor, id: string): Promise<ApiError> {
  return conflict(await requireAccount(tx, actor, id));
}

/**
 * A new distributor for a tree: only admin and back office, only on the top level (sub-accounts
 * inherit it), only a distributor user. Answers whether the change has to cascade.
 */
async function checkDistributorChange(tx: Tx, actor: Actor, current: AccountRow, next: string | null | undefined) {
  if (next === undefined || next === current.distributorId) return false;
  if (!isStaff(actor.role)) {
    throw new ApiError('forbidden', 'Nur Administration und Innendienst dürfen den Vertrieb eines Kontos ändern.');
  }
  if (current.parentId) {
    throw invalidField('distributorId', 'subAccountDistributorAtTop');
  }
  if (next) await assertDistributorUser(tx, next);
  return true;
}

/** The new distributor reaches every descendant, each with its own history entry. */
async function cascadeDistributor(tx: Tx, actor: Actor, root: AccountRow, before: string | null) {
  const descendants = await tx
    .update(accounts)
    .set({ distributorId: root.distributorId, ...nextVersion(accounts) })
    .where(and(sql`${accounts.lineage} @> ARRAY[${root.id}]::uuid[]`, ne(accounts.id, root.id)))
    .returning({ id: accounts.id, name: accounts.name });
  for (const descendant of descendants) {
    await recordChange(tx, {
      actor,
      entityType: 'account',
      entityId: descendant.id,
      entityLabel: descendant.name,
      accountId: descendant.id,
      action: 'update',
      fields: [{ field: 'distributorId', before, after: root.distributorId }],
    });
  }
}

/**
 * `PATCH /accounts/{id}` with optimistic locking (SPEC §5): the change applies only to the version
 * the client read (`UPDATE … WHERE version = expected`), otherwise 409 with the current record, so
 * of many parallel writers exactly one wins and no update is lost. On an active account a change
 * of the benefits is not applied but filed as a `benefit_change` approval (SPEC §4); the other
 * fields are applied at once, and the approval is based on the version that results.
 * `benefitsNeedApproval`: file a benefit change as an approval even though the account is not active
 * now (a restore that suspended it in the same unit: it was active when the restore began).
 */
export async function updateAccount(
  actor: Actor,
  id: string,
  input: AccountUpdate,
  expectedVersion: number,
  { benefitsNeedApproval = false }: { benefitsNeedApproval?: boolean } = {},
): Promise<{ account: Account; approval: ApprovalRef | null }> {
  const { version: _version, ...requested } = input;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await findAccountRow(tx, actor, id);
    if (!current) throw accountNotFound();
    assertNotArchived(current);
    if (current.version !== expectedVersion) throw await versionConflict(tx, actor, id);

    const changes: AccountChanges = { ...requested };
    const distributorChanges = await checkDistributorChange(tx, actor, current, changes.distributorId);
    if (!distributorChanges) delete changes.distributorId;

    if (changes.zip !== undefined || changes.country !== undefined) {
      if (!isValidZip(changes.zip ?? current.zip, changes.country ?? current.country)) {
        throw invalidField('zip', 'zip');
      }
    }

    let proposedBenefits: BenefitRow[] | null = null;
    if (changes.benefits !== undefined) {
      if (sameBenefits(changes.benefits, current.benefits)) delete changes.benefits;
      else if (current.status === 'active' || benefitsNeedApproval) {
        proposedBenefits = changes.benefits;
        delete changes.benefits;
      }
    }

    const { row: updated, fields } = await updateVersioned(tx, {
      table: accounts,
      current,
      expectedVersion,
      changes,
      conflict: () => versionConflict(tx, actor, id),
      history: (row) => ({ actor, entityType: 'account', entityId: id, entityLabel: row.name, accountId: id }),
    });
    const { version, name } = updated;
    if (fields.length > 0 && distributorChanges) await cascadeDistributor(tx, actor, updated, current.distributorId);

    const approval = proposedBenefits
      ? await requestApproval(tx, actor, {
          kind: 'benefit_change',
          entityType: 'account',
          entityId: id,
          entityLabel: name,
          accountId: id,
          payload: { benefits: proposedBenefits },
          baseVersion: version,
          reason: '',
          current: { benefits: current.benefits },
        })
      : null;

    return { account: await requireAccount(tx, actor, id), approval };
  });
}
