import 'server-only';
import { getTranslations } from 'next-intl/server';
import { defineList, listQueryBase } from '@/components/ui/list/list-descriptor';
import { statusBadgeValue } from '@/components/ui/status-badge';
import { accountsApi } from '@/lib/api-client/accounts';
import { listAccounts, listDistributors } from '@/lib/api-client/accounts.server';
import { createTtlCache } from '@/lib/api-client/ttl-cache';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDate } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import {
  ACCOUNT_SORT_FIELDS,
  ACCOUNT_STATUSES,
  ACCOUNT_VIEWS,
  type AccountListItem,
  type AccountListQuery,
} from '@/lib/schemas/account';
import { selectionUi } from '@/components/ui/selection/selection-ui';

/** Distributor filter options may lag a minute behind; asking the API on every list view costs more. */
const distributorOptions = createTtlCache<{ items: { id: string; name: string }[] }>(60_000);

/** The accounts in reach, by view (all, by distributor, by manager), with the archive request in bulk. */
export const accountList = defineList({
  id: 'accounts',
  path: hrefs.accounts(),
  namespace: 'accounts',
  translate: () => getTranslations('accounts'),
  sortFields: ACCOUNT_SORT_FIELDS,
  defaultSort: 'name',
  filters: ['view', 'status', 'topLevel', 'distributorId'],
  filterValues: { view: ACCOUNT_VIEWS, status: ACCOUNT_STATUSES, topLevel: ['true'] },
  viewFilters: ['view'],
  query: (params): Partial<AccountListQuery> => ({
    ...listQueryBase<NonNullable<AccountListQuery['sort']>>(params),
    view: (params.filters.view ?? 'all') as AccountListQuery['view'],
    status: params.filters.status as AccountListQuery['status'],
    topLevel: params.filters.topLevel === 'true' ? true : undefined,
    distributorId: params.filters.distributorId,
  }),
  load: listAccounts,
  loadOptions: (me) => distributorOptions(me.id, () => listDistributors()),
  api: accountsApi,
  listKey: (query) => `accounts:${query.view ?? 'all'}`,
  toolbarFilters: ({ t, tRoot, options: distributors }) => [
    {
      name: 'status',
      label: t('filters.status'),
      allLabel: t('filters.allStatuses'),
      options: ACCOUNT_STATUSES.map((status) => [status, tRoot(`status.account.${status}`)] as const),
    },
    ...(distributors.items.length > 1
      ? [
          {
            name: 'distributorId',
            label: t('filters.distributor'),
            allLabel: t('filters.allDistributors'),
            options: distributors.items.map((person) => [person.id, person.name] as const),
          },
        ]
      : []),
    { type: 'checkbox' as const, name: 'topLevel', label: t('filters.topLevel') },
  ],
  nameColumn: 'name',
  cardColumns: ['customerNumber', 'city', 'status'],
  columns: ({ t, tRoot, locale }) => [
    {
      key: 'customerNumber',
      header: t('columns.customerNumber'),
      sortField: 'customerNumber',
      className: 'text-nowrap',
      value: (row: AccountListItem) => row.customerNumber,
    },
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      isRowHeader: true,
      value: (row) => ({ href: hrefs.account(row.id), text: row.name }),
    },
    {
      key: 'legalForm',
      header: t('columns.legalForm'),
      className: 'd-none d-lg-table-cell',
      value: (row) => row.legalForm,
    },
    {
      key: 'city',
      header: t('columns.city'),
      sortField: 'city',
      className: 'd-none d-md-table-cell',
      value: (row) => row.city,
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      value: (row) => statusBadgeValue(tRoot, 'account', row.status),
    },
    {
      key: 'distributor',
      header: t('columns.distributor'),
      className: 'd-none d-lg-table-cell',
      value: (row) => row.distributorName ?? t('noDistributor'),
    },
    {
      key: 'updatedAt',
      header: t('columns.updatedAt'),
      sortField: 'updatedAt',
      className: 'text-nowrap d-none d-sm-table-cell',
      value: (row) => formatDate(row.updatedAt, locale),
    },
  ],
  // The manager view repeats an account under each of its managers.
  rowKey: (row: AccountListItem) => (row.manager ? `${row.manager.id}:${row.id}` : row.id),
  groupBy: ({ t, query }) => {
    if (query.view === 'distributor') {
      return {
        key: (row: AccountListItem) => row.distributorId ?? '',
        label: (row: AccountListItem) => t('distributorGroup', { name: row.distributorName ?? t('noDistributor') }),
      };
    }
    if (query.view === 'manager') {
      return {
        key: (row: AccountListItem) => row.manager?.id ?? '',
        label: (row: AccountListItem) => t('managerGroup', { name: row.manager?.name ?? '—' }),
      };
    }
    return undefined;
  },
  selection: { ui: selectionUi, rowLabel: (row: AccountListItem) => row.name, rowId: (row) => row.id },
  bulkActions: ({ t, me }) =>
    hasScope(me.scope, 'accounts.write')
      ? [
          {
            action: 'request_archive',
            label: t('bulk.requestArchive'),
            isDestructive: true,
            param: { kind: 'text', name: 'reason', label: t('bulk.reasonLabel'), maxLength: 2000 },
          },
        ]
      : [],
});
