import 'server-only';
import type { AccountListItem, AccountListQuery } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { accountListColumns, countAccounts, resolveAccountFilters, selectAccountPage } from './account-list-query';
import { personName } from './account-record';

type ListRow = Awaited<ReturnType<typeof selectAccountPage<typeof accountListColumns>>>[number];

export function toAccountListItem(row: ListRow): AccountListItem {
  return {
    id: row.id,
    customerNumber: row.customerNumber,
    name: row.name,
    legalForm: row.legalForm,
    parentId: row.parentId,
    depth: row.depth,
    status: row.status,
    city: row.city,
    distributorId: row.distributorId,
    distributorName: personName(row.distributorFirstName, row.distributorLastName),
    ...(row.managerId
      ? { manager: { id: row.managerId, name: personName(row.managerFirstName, row.managerLastName) ?? '' } }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `GET /accounts`: the accounts in the actor's reach, filtered, sorted and paged. Views: `all`;
 * `distributor` (grouped by the distributor's name, accounts without one last); `manager` (one
 * row per manager and account of that manager's tree, grouped by the manager's name).
 */
export async function findAccounts(actor: Actor, query: AccountListQuery) {
  const db = await getDb();
  const filters = await resolveAccountFilters(db, query);
  const [total, rows] = await Promise.all([
    countAccounts(db, actor, filters),
    selectAccountPage(db, actor, filters, accountListColumns, {
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
    }),
  ]);
  return { items: rows.map(toAccountListItem), total, page: query.page, perPage: query.perPage };
}
