import 'server-only';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { MAX_ACCOUNT_DEPTH, type Account, type accountCreateSchema } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/types';
import { accounts } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { ApiError, invalidField } from '@/lib/server/http/api-error';
import { assertNotArchived, findAccountRow, lockTree, requireAccount } from './account-record';
import { assertDistributorUser } from './account-rules';
import { createdFields } from '@/lib/server/history/change-fields';

export type AccountCreate = z.output<typeof accountCreateSchema>;

/**
 * Where a new account goes: its lineage (root first, itself last) and its distributor. A
 * sub-account inherits the distributor of its tree; a distributor's own top-level accounts are
 * always theirs.
 */
async function placeAccount(tx: Tx, actor: Actor, id: string, input: AccountCreate) {
  if (!input.parentId) {
    if (actor.role === 'distributor') {
      if (input.distributorId && input.distributorId !== actor.id) {
        throw invalidField('distributorId', 'distributorOnlyForSelf');
      }
      return { lineage: [id], distributorId: actor.id };
    }
    if (input.distributorId) await assertDistributorUser(tx, input.distributorId);
    return { lineage: [id], distributorId: input.distributorId };
  }

  const peek = await findAccountRow(tx, actor, input.parentId);
  if (!peek) throw new ApiError('not_found', 'Übergeordnetes Konto nicht gefunden.');
  // A concurrent change of the tree's distributor then either sees this account, or this account
  // sees the new distributor.
  await lockTree(tx, peek, 'share');
  const parent = await findAccountRow(tx, actor, input.parentId, { lock: 'share' });
  if (!parent) throw new ApiError('not_found', 'Übergeordnetes Konto nicht gefunden.');
  assertNotArchived(parent);
  if (parent.lineage.length + 1 > MAX_ACCOUNT_DEPTH) {
    throw invalidField('parentId', 'accountTooDeep', { max: MAX_ACCOUNT_DEPTH });
  }
  if (input.distributorId && input.distributorId !== parent.distributorId) {
    throw invalidField('distributorId', 'subAccountInheritsDistributor');
  }
  return { lineage: [...parent.lineage, id], distributorId: parent.distributorId };
}

/**
 * `POST /accounts`: a new account, always as a draft (activation needs an approval). With
 * `parentId` a sub-account under an account in reach that is not archived, at most
 * MAX_ACCOUNT_DEPTH levels deep. The history records the set values in the same transaction.
 */
export async function createAccount(actor: Actor, input: AccountCreate): Promise<Account> {
  const db = await getDb();
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const { lineage, distributorId } = await placeAccount(tx, actor, id, input);
    const values = {
      name: input.name,
      legalForm: input.legalForm,
      parentId: input.parentId,
      status: 'draft' as const,
      distributorId,
      street: input.street,
      zip: input.zip,
      city: input.city,
      country: input.country,
      contactName: input.contactName,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      vatId: input.vatId,
      employeeCount: input.employeeCount,
      notes: input.notes,
      benefits: input.benefits,
    };
    const [row] = await tx
      .insert(accounts)
      .values({ id, lineage, ...values })
      .returning({ customerNumber: accounts.customerNumber });
    if (!row) throw new Error('createAccount: insert returned no row');
    await recordChange(tx, {
      actor,
      entityType: 'account',
      entityId: id,
      entityLabel: input.name,
      accountId: id,
      action: 'create',
      fields: createdFields({ customerNumber: row.customerNumber, ...values }),
    });
  });
  return requireAccount(db, actor, id);
}
