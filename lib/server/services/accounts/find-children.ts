import 'server-only';
import { type SQL, and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { MAX_TREE_ROWS, type AccountChildrenQuery } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { accounts } from '@/lib/server/db/schema';
import { accountListColumns, distributorUser } from './account-list-query';
import { requireAccountRow } from './account-record';
import { toAccountListItem } from './find-accounts';
import { accountReach } from './reach';

/**
 * `GET /accounts/{id}/children`: with `depth=1` the direct children, by name, paged like a list;
 * with `depth=all` every descendant for the tree view in one call, breadth-first (by depth, then
 * name), at most MAX_TREE_ROWS. Breadth-first means a cut-off list still holds every returned
 * account's parent; `total` tells whether it was cut.
 */
export async function findChildren(actor: Actor, id: string, query: AccountChildrenQuery) {
  const db = await getDb();
  await requireAccountRow(db, actor, id);

  const all = query.depth === 'all';
  const where = and(
    all ? sql`${accounts.lineage} @> ARRAY[${id}]::uuid[]` : eq(accounts.parentId, id),
    all ? ne(accounts.id, id) : undefined,
    accountReach(actor),
  );
  const order: SQL[] = [...(all ? [sql`cardinality(${accounts.lineage})`] : []), asc(accounts.name), asc(accounts.id)];
  const limit = all ? MAX_TREE_ROWS : query.perPage;
  const offset = all ? 0 : (query.page - 1) * query.perPage;

  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(accounts).where(where),
    db
      .select({
        ...accountListColumns,
        managerId: sql<string | null>`null::uuid`,
        managerFirstName: sql<string | null>`null::text`,
        managerLastName: sql<string | null>`null::text`,
      })
      .from(accounts)
      .leftJoin(distributorUser, eq(distributorUser.id, accounts.distributorId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  ]);
  return {
    items: rows.map(toAccountListItem),
    total: Number(counted?.n ?? 0),
    page: all ? 1 : query.page,
    perPage: limit,
  };
}
