import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { accounts } from '@/lib/server/db/schema';

/**
 * Row-level reach over accounts (SPEC §1): admin and back office see all; a distributor the
 * trees assigned to them (sub-accounts carry the top level's distributorId); a manager their
 * account and its descendants. `undefined` means no restriction.
 */
export function accountReach(actor: Pick<Actor, 'id' | 'role' | 'accountId'>, column = accounts): SQL | undefined {
  switch (actor.role) {
    case 'admin':
    case 'backoffice':
      return undefined;
    case 'distributor':
      return sql`${column.distributorId} = ${actor.id}`;
    case 'manager':
      return actor.accountId ? sql`${column.lineage} @> ARRAY[${actor.accountId}]::uuid[]` : sql`false`;
  }
}

/**
 * Reach over records that belong to an account (documents, tasks, history …) by their
 * account id column.
 */
export function accountIdInReach(
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  accountIdColumn: SQL | unknown,
): SQL | undefined {
  const reach = accountReach(actor);
  if (!reach) return undefined;
  return sql`${accountIdColumn} IN (SELECT ${accounts.id} FROM ${accounts} WHERE ${reach})`;
}
