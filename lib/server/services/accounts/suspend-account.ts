import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Account } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { accounts } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { assertNotArchived, assertStaff, lockTree, requireAccount, requireAccountRow } from './account-record';
import { nextVersion } from '@/lib/server/db/versioned-update';
import { invalidField } from '@/lib/server/http/api-error';

/**
 * `POST /accounts/{id}/suspend` (admin and back office): active → suspended, directly (SPEC §2).
 * A sub-account cannot stay active under a suspended parent, so every active descendant is
 * suspended with it, each with its own history entry. Resuming does not cascade back.
 */
export async function suspendAccount(actor: Actor, id: string): Promise<Account> {
  assertStaff(actor);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockTree(tx, await requireAccountRow(tx, actor, id));
    const row = await requireAccountRow(tx, actor, id);
    assertNotArchived(row);
    if (row.status !== 'active') throw invalidField('status', 'onlyActiveCanBeSuspended');

    const suspended = await tx
      .update(accounts)
      .set({ status: 'suspended', ...nextVersion(accounts) })
      .where(and(sql`${accounts.lineage} @> ARRAY[${id}]::uuid[]`, eq(accounts.status, 'active')))
      .returning({ id: accounts.id, name: accounts.name });
    for (const account of suspended) {
      await recordChange(tx, {
        actor,
        entityType: 'account',
        entityId: account.id,
        entityLabel: account.name,
        accountId: account.id,
        action: 'status_change',
        fields: [{ field: 'status', before: 'active', after: 'suspended' }],
      });
    }
    return requireAccount(tx, actor, id);
  });
}
