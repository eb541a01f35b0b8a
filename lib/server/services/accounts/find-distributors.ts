import 'server-only';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { accounts, users } from '@/lib/server/db/schema';
import { personName } from './account-record';
import { accountReach } from './reach';
import { isStaff } from '@/lib/schemas/roles';

/**
 * `GET /accounts/distributors`: the distributors for the list's filter and the create form. Admin
 * and back office: every distributor user who can be assigned (not deactivated) or still has
 * accounts. Everyone else: the distributors of the accounts in their reach (a distributor:
 * themselves), so the list reveals no other sales partner.
 */
export async function findDistributors(actor: Actor): Promise<{ items: { id: string; name: string }[] }> {
  const db = await getDb();
  const visible = isStaff(actor.role)
    ? or(
        ne(users.status, 'deactivated'),
        sql`exists (select 1 from ${accounts} where ${accounts.distributorId} = ${users.id})`,
      )
    : actor.role === 'distributor'
      ? eq(users.id, actor.id)
      : sql`${users.id} in (select ${accounts.distributorId} from ${accounts} where ${accountReach(actor)})`;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.role, 'distributor'), visible))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return { items: rows.map((row) => ({ id: row.id, name: personName(row.firstName, row.lastName) ?? '' })) };
}
