import 'server-only';
import { type SQL, and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { userExportQuerySchema } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { accounts, users } from '@/lib/server/db/schema';
import { userReach } from './user-reach';
import { escapeLike } from '@/lib/server/db/escape-like';

/**
 * The filtered, sorted user list of `GET /users` and of its CSV export: reach, the filters role,
 * status and accountId (the users of exactly that account), and the search `q`.
 */

export type UserFilters = z.output<typeof userExportQuerySchema>;
type ActorReach = Pick<Actor, 'id' | 'role' | 'accountId'>;

/** `q`: a case-insensitive part of the name ("Vorname Nachname" or "Nachname, Vorname") or of the e-mail. */
export function userSearchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  return sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}
    or lower(${users.lastName} || ', ' || ${users.firstName}) like ${pattern}
    or lower(${users.email}) like ${pattern})`;
}

export function userConditions(actor: ActorReach, filters: UserFilters): SQL | undefined {
  return and(
    userReach(actor),
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.status ? eq(users.status, filters.status) : undefined,
    filters.accountId ? eq(users.accountId, filters.accountId) : undefined,
    userSearchCondition(filters.q),
  );
}

/**
 * ORDER BY: the chosen field, then the name and `id` (a stable order for paging), all in the chosen
 * direction; users who never signed in come last whichever way `lastLoginAt` is sorted.
 */
export function userOrder(filters: Pick<UserFilters, 'sort' | 'order'>): SQL[] {
  const direction = filters.order === 'desc' ? desc : asc;
  const byName = [direction(users.lastName), direction(users.firstName)];
  const tieBreak = direction(users.id);
  switch (filters.sort) {
    case 'lastName':
      return [...byName, tieBreak];
    case 'email':
      return [direction(sql`lower(${users.email})`), tieBreak];
    case 'role':
      return [direction(users.role), ...byName, tieBreak];
    case 'status':
      return [direction(users.status), ...byName, tieBreak];
    case 'lastLoginAt':
      return [
        filters.order === 'desc' ? sql`${users.lastLoginAt} desc nulls last` : sql`${users.lastLoginAt} asc nulls last`,
        tieBreak,
      ];
    case 'createdAt':
      return [direction(users.createdAt), tieBreak];
  }
}

export const userListColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  accountId: users.accountId,
  accountName: accounts.name,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

/** One page (or export batch) of list rows, with the account's name by a join on its key. */
export function selectUserPage(
  db: DbOrTx,
  actor: ActorReach,
  filters: UserFilters,
  window: { limit: number; offset: number },
) {
  return db
    .select(userListColumns)
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(userConditions(actor, filters))
    .orderBy(...userOrder(filters))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countUsers(db: DbOrTx, actor: ActorReach, filters: UserFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(userConditions(actor, filters));
  return Number(row?.n ?? 0);
}
