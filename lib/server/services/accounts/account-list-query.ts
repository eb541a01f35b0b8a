import 'server-only';
import { type SQL, and, asc, between, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountExportQuery } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { accountCounts, accounts, users } from '@/lib/server/db/schema';
import { accountReach } from './reach';
import { escapeLike } from '@/lib/server/db/escape-like';

/**
 * The filtered, sorted account list of `GET /accounts` and of the CSV export, built so that
 * PostgreSQL can answer it from the indexes at 100,000 accounts: only the needed columns, the
 * distributor's name by a join on its primary key, ORDER BY the indexed column plus `id` (a stable
 * order for paging), LIMIT/OFFSET.
 */

export type AccountFilters = AccountExportQuery;

export const distributorUser = alias(users, 'distributor');
export const managerUser = alias(users, 'manager');

/**
 * The search `q`: a case-insensitive part of the name (trigram index on lower(name)), the start of
 * the city (case-insensitive), or a customer number: `K-000123`, its digits `123`, or the start of
 * one (`K-0001`). A customer-number prefix is a range of the fixed-width numbers, which a B-tree
 * serves in any collation (LIKE 'K-0001%' only in the C collation).
 */
export function searchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const escaped = escapeLike(term);
  const conditions: SQL[] = [sql`lower(${accounts.name}) like '%' || lower(${escaped}) || '%'`];
  const prefixed = /^k-?(\d{1,6})$/i.exec(term)?.[1];
  const digits = prefixed ?? /^\d{1,6}$/.exec(term)?.[0];
  if (digits) {
    // No city looks like a customer number; leaving the city out keeps this search on indexes.
    conditions.push(eq(accounts.customerNumber, `K-${digits.padStart(6, '0')}`));
    if (prefixed && prefixed.length < 6) {
      conditions.push(between(accounts.customerNumber, `K-${prefixed.padEnd(6, '0')}`, `K-${prefixed.padEnd(6, '9')}`));
    }
  } else {
    conditions.push(sql`lower(${accounts.city}) like lower(${escaped}) || '%'`);
  }
  return or(...conditions);
}

/**
 * The filters with the `managerId` resolved to the manager's account (the root of their tree), so
 * that the tree condition is a constant the GIN index on `lineage` can serve. `null`: no such
 * manager, so nothing matches.
 */
export type ResolvedAccountFilters = AccountFilters & { managerAccountId?: string | null };

export async function resolveAccountFilters(db: DbOrTx, filters: AccountFilters): Promise<ResolvedAccountFilters> {
  if (!filters.managerId || filters.view === 'manager') return filters;
  const [manager] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(and(eq(users.id, filters.managerId), eq(users.role, 'manager')))
    .limit(1);
  return { ...filters, managerAccountId: manager?.accountId ?? null };
}

/** Reach and every filter of the query, on the `accounts` table. */
export function accountConditions(
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  filters: ResolvedAccountFilters,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [accountReach(actor)];
  if (filters.status) conditions.push(eq(accounts.status, filters.status));
  if (filters.topLevel === true) conditions.push(isNull(accounts.parentId));
  if (filters.topLevel === false) conditions.push(isNotNull(accounts.parentId));
  if (filters.parentId) conditions.push(eq(accounts.parentId, filters.parentId));
  if (filters.distributorId) conditions.push(eq(accounts.distributorId, filters.distributorId));
  if (filters.managerId) {
    if (filters.view === 'manager') conditions.push(eq(managerUser.id, filters.managerId));
    else if (filters.managerAccountId) {
      conditions.push(sql`${accounts.lineage} @> ARRAY[${filters.managerAccountId}]::uuid[]`);
    } else conditions.push(sql`false`);
  }
  conditions.push(searchCondition(filters.q));
  return and(...conditions);
}

/** In the manager view each account appears once per (non-deactivated) manager whose tree holds it. */
const managerJoin = and(
  eq(managerUser.role, 'manager'),
  ne(managerUser.status, 'deactivated'),
  sql`${accounts.lineage} @> ARRAY[${managerUser.accountId}]::uuid[]`,
);

const SORT_COLUMNS = {
  name: [accounts.name],
  customerNumber: [accounts.customerNumber],
  // Within a status by name, which the (status, name) index serves.
  status: [accounts.status, accounts.name],
  city: [accounts.city],
  createdAt: [accounts.createdAt],
  updatedAt: [accounts.updatedAt],
} as const;

/** ORDER BY: the view's grouping first, then the chosen field and `id` in the chosen direction. */
export function accountOrder(filters: Pick<AccountFilters, 'view' | 'sort' | 'order'>): SQL[] {
  const keys = sortKeys(filters);
  if (filters.view === 'distributor') {
    // Grouped by the distributor's name; accounts without one ("Ohne Vertrieb") last.
    return [
      sql`${distributorUser.lastName} asc nulls last`,
      sql`${distributorUser.firstName} asc nulls last`,
      sql`${accounts.distributorId} asc nulls last`,
      ...keys,
    ];
  }
  if (filters.view === 'manager') {
    return [asc(managerUser.lastName), asc(managerUser.firstName), asc(managerUser.id), ...keys];
  }
  return keys;
}

/** The columns of a list row; the export adds its own. */
export const accountListColumns = {
  id: accounts.id,
  customerNumber: accounts.customerNumber,
  name: accounts.name,
  legalForm: accounts.legalForm,
  parentId: accounts.parentId,
  depth: sql<number>`cardinality(${accounts.lineage})`.mapWith(Number),
  status: accounts.status,
  city: accounts.city,
  distributorId: accounts.distributorId,
  distributorFirstName: distributorUser.firstName,
  distributorLastName: distributorUser.lastName,
  createdAt: accounts.createdAt,
  updatedAt: accounts.updatedAt,
};

export const accountExportColumns = {
  ...accountListColumns,
  zip: accounts.zip,
  employeeCount: accounts.employeeCount,
};

const noManagerColumns = {
  managerId: sql<string | null>`null::uuid`,
  managerFirstName: sql<string | null>`null::text`,
  managerLastName: sql<string | null>`null::text`,
};
const managerColumns = {
  managerId: sql<string | null>`${managerUser.id}`,
  managerFirstName: sql<string | null>`${managerUser.firstName}`,
  managerLastName: sql<string | null>`${managerUser.lastName}`,
};

type PageWindow = { limit: number; offset: number };

/** The sort keys without the view's grouping. */
function sortKeys(filters: Pick<AccountFilters, 'sort' | 'order'>): SQL[] {
  const direction = filters.order === 'desc' ? desc : asc;
  return [...SORT_COLUMNS[filters.sort], accounts.id].map((column) => direction(column));
}

/**
 * The ids of a page of the distributor view. Sorting all accounts by their distributor's name
 * would sort the whole table for every page; instead count the rows per distributor (one pass over
 * the distributor index), order those few groups by name, and read only the groups the page
 * overlaps, each from the (distributor_id, name) index with its own offset.
 */
async function distributorViewIds(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  filters: ResolvedAccountFilters,
  window: PageWindow,
): Promise<string[]> {
  const where = accountConditions(actor, filters);
  const counted = db
    .select({ distributorId: accounts.distributorId, n: sql<number>`count(*)`.mapWith(Number).as('n') })
    .from(accounts)
    .where(where)
    .groupBy(accounts.distributorId)
    .as('counted');
  const groups = await db
    .select({ distributorId: counted.distributorId, n: counted.n })
    .from(counted)
    .leftJoin(distributorUser, eq(distributorUser.id, counted.distributorId))
    .orderBy(
      sql`${distributorUser.lastName} asc nulls last`,
      sql`${distributorUser.firstName} asc nulls last`,
      sql`${counted.distributorId} asc nulls last`,
    );

  const ids: string[] = [];
  const end = window.offset + window.limit;
  let start = 0;
  for (const group of groups) {
    const groupEnd = start + group.n;
    if (groupEnd > window.offset && start < end) {
      const skip = Math.max(0, window.offset - start);
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            where,
            group.distributorId ? eq(accounts.distributorId, group.distributorId) : isNull(accounts.distributorId),
          ),
        )
        .orderBy(...sortKeys(filters))
        .limit(Math.min(group.n - skip, end - start - skip))
        .offset(skip);
      ids.push(...rows.map((row) => row.id));
    }
    start = groupEnd;
    if (start >= end) break;
  }
  return ids;
}

/**
 * One page (or export batch) of rows, in two steps (a "deferred join"): first the keys of the
 * page's rows, sorted and offset on the indexes alone, then the columns of just those rows.
 * Joining the distributor's name for every skipped row would make deep pages slow.
 */
export async function selectAccountPage<C extends typeof accountListColumns>(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  filters: ResolvedAccountFilters,
  columns: C,
  window: PageWindow,
) {
  const byManager = filters.view === 'manager';
  const selection = { ...columns, ...(byManager ? managerColumns : noManagerColumns) };

  if (filters.view === 'distributor') {
    const ids = await distributorViewIds(db, actor, filters, window);
    if (ids.length === 0) return [];
    return db
      .select(selection)
      .from(accounts)
      .leftJoin(distributorUser, eq(distributorUser.id, accounts.distributorId))
      .where(inArray(accounts.id, ids))
      .orderBy(...accountOrder(filters));
  }

  const keyQuery = db
    .select({
      accountId: sql<string>`${accounts.id}`.as('account_id'),
      managerId: sql<string | null>`${byManager ? managerUser.id : sql`null::uuid`}`.as('manager_id'),
    })
    .from(accounts)
    .$dynamic();
  const keys = (byManager ? keyQuery.innerJoin(managerUser, managerJoin) : keyQuery)
    .where(accountConditions(actor, filters))
    .orderBy(...accountOrder(filters))
    .limit(window.limit)
    .offset(window.offset)
    .as('page_keys');

  const rows = db
    .select(selection)
    .from(keys)
    .innerJoin(accounts, eq(accounts.id, keys.accountId))
    .leftJoin(distributorUser, eq(distributorUser.id, accounts.distributorId))
    .$dynamic();
  return (byManager ? rows.leftJoin(managerUser, eq(managerUser.id, keys.managerId)) : rows).orderBy(
    ...accountOrder(filters),
  );
}

/**
 * The total from the trigger-kept `account_counts` when the filter is one of its dimensions
 * (distributor, status, level) and the reach is all accounts or a distributor's; else null.
 */
async function countFromTotals(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  filters: ResolvedAccountFilters,
): Promise<number | null> {
  if (filters.view === 'manager' || filters.q || filters.parentId || filters.managerId) return null;
  if (actor.role === 'manager') return null;
  const conditions: SQL[] = [];
  if (actor.role === 'distributor') conditions.push(eq(accountCounts.distributorKey, actor.id));
  if (filters.distributorId) conditions.push(eq(accountCounts.distributorKey, filters.distributorId));
  if (filters.status) conditions.push(eq(accountCounts.status, filters.status));
  if (filters.topLevel !== undefined) conditions.push(eq(accountCounts.isTopLevel, filters.topLevel));
  const [row] = await db
    .select({ n: sql<string | number | null>`sum(${accountCounts.n})` })
    .from(accountCounts)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

/** The number of rows of the list (in the manager view: of (manager, account) pairs). */
export async function countAccounts(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  filters: ResolvedAccountFilters,
): Promise<number> {
  const fromTotals = await countFromTotals(db, actor, filters);
  if (fromTotals !== null) return fromTotals;
  const base = db.select({ n: count() }).from(accounts).$dynamic();
  const joined = filters.view === 'manager' ? base.innerJoin(managerUser, managerJoin) : base;
  const [row] = await joined.where(accountConditions(actor, filters));
  return Number(row?.n ?? 0);
}
