import 'server-only';
import type { UserListItem, UserListQuery } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { countUsers, selectUserPage } from './user-list-query';

type ListRow = Awaited<ReturnType<typeof selectUserPage>>[number];

export function toUserListItem(row: ListRow): UserListItem {
  return {
    ...row,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `GET /users`: the users in the actor's reach, filtered, sorted and paged. */
export async function findUsers(actor: Actor, query: UserListQuery) {
  const db = await getDb();
  const [total, rows] = await Promise.all([
    countUsers(db, actor, query),
    selectUserPage(db, actor, query, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
  ]);
  return { items: rows.map(toUserListItem), total, page: query.page, perPage: query.perPage };
}
