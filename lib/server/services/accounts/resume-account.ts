import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Account } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { accounts } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { assertNotArchived, assertStaff, lockTree, requireAccount, requireAccountRow } from './account-record';
import { nextVersion } from '@/lib/server/db/versioned-update';
import { invalidField } from '@/lib/server/http/api-error';

/**
 * `POST /accounts/{id}/resume` (admin and back office): suspended → active, directly (SPEC §2),
 * only the account itself and only under an active parent: a sub-account cannot be active under
 * a parent that is not.
 */
export async function resumeAccount(actor: Actor, id: string): Promise<Account> {
  assertStaff(actor);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockTree(tx, await requireAccountRow(tx, actor, id));
    const row = await requireAccountRow(tx, actor, id);
    assertNotArchived(row);
    if (row.status !== 'suspended') throw invalidField('status', 'onlySuspendedCanBeResumed');
    if (row.parentId) {
      const [parent] = await tx.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, row.parentId));
      if (parent?.status !== 'active') {
        throw invalidField('parentId', 'resumeParentFirst');
      }
    }

    await tx
      .update(accounts)
      .set({ status: 'active', ...nextVersion(accounts) })
      .where(and(eq(accounts.id, id), eq(accounts.status, 'suspended')));
    await recordChange(tx, {
      actor,
      entityType: 'account',
      entityId: id,
      entityLabel: row.name,
      accountId: id,
      action: 'status_change',
      fields: [{ field: 'status', before: 'suspended', after: 'active' }],
    });
    return requireAccount(tx, actor, id);
  });
}
