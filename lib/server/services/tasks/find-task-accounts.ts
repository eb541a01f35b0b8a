import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { TaskAccountOption, TaskPickerQuery } from '@/lib/schemas/task';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { escapeLike } from '@/lib/server/db/escape-like';
import { accounts, users } from '@/lib/server/db/schema';
import { accountReach } from '@/lib/server/services/accounts/reach';
import { isStaff } from '@/lib/schemas/roles';
import { userReach } from '@/lib/server/services/users/user-reach';

/**
 * `GET /tasks/accounts?q=&assigneeId=`: the type-ahead of the account picker: accounts in the
 * actor's reach that are not archived, by name or customer number; with `assigneeId` only those
 * that person can see as well (an assignee outside the actor's reach yields nothing).
 */
export async function findTaskAccounts(actor: Actor, query: TaskPickerQuery): Promise<{ items: TaskAccountOption[] }> {
  const db = await getDb();
  let assigneeReach;
  if (query.assigneeId && query.assigneeId !== actor.id) {
    const [assignee] = await db
      .select({ id: users.id, role: users.role, accountId: users.accountId })
      .from(users)
      .where(and(eq(users.id, query.assigneeId), isStaff(actor.role) ? undefined : userReach(actor)))
      .limit(1);
    if (!assignee) return { items: [] };
    assigneeReach = accountReach(assignee);
  }
  const term = query.q?.trim().toLowerCase();
  const search = term
    ? sql`(lower(${accounts.name}) like ${`%${escapeLike(term)}%`} or lower(${accounts.customerNumber}) like ${`%${escapeLike(term)}%`})`
    : undefined;
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, customerNumber: accounts.customerNumber })
    .from(accounts)
    .where(and(accountReach(actor), assigneeReach, ne(accounts.status, 'archived'), search))
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(query.perPage);
  return { items: rows };
}
