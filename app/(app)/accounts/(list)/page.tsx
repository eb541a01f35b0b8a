import { ListPageHeader } from '@/components/ui/list-page';
import { hrefs } from '@/lib/hrefs';
import { listDistributors, listAccounts } from '@/lib/api-client/accounts.server';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { listBulk } from '@/components/ui/selection/list-bulk';
import { accountBulkActions } from '@/components/accounts/account-bulk-actions';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { statusBadgeValue } from '@/components/ui/status-badge';
import { TabsNav } from '@/components/ui/tabs-nav';
import { accountsApi } from '@/lib/api-client/accounts';
import { getMe } from '@/lib/api-client/server';
import { createTtlCache } from '@/lib/api-client/ttl-cache';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDate } from '@/lib/format';
import { hasListFilter, listHref, parseListParams, type SearchParamsRecord } from '@/lib/list-params';
import {
  ACCOUNT_SORT_FIELDS,
  ACCOUNT_STATUSES,
  ACCOUNT_VIEWS,
  type AccountListItem,
  type AccountListQuery,
} from '@/lib/schemas/account';
import { ClientMessages } from '@/components/layout/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts');
  return { title: t('title') };
}

const PATH = hrefs.accounts();

/** Distributor filter options may lag a minute behind; asking the API on every list view costs more. */
const distributorOptions = createTtlCache<{ items: { id: string; name: string }[] }>(60_000);

export default async function AccountsPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const params = parseListParams(await props.searchParams, {
    sortFields: ACCOUNT_SORT_FIELDS,
    defaultSort: 'name',
    filters: ['view', 'status', 'topLevel', 'distributorId'],
    filterValues: { view: ACCOUNT_VIEWS, status: ACCOUNT_STATUSES, topLevel: ['true'] },
  });
  const view = (params.filters.view ?? 'all') as AccountListQuery['view'];
  const query: Partial<AccountListQuery> = {
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    q: params.q || undefined,
    view,
    status: params.filters.status as AccountListQuery['status'],
    topLevel: params.filters.topLevel === 'true' ? true : undefined,
    distributorId: params.filters.distributorId,
  };

  const me = await getMe();
  const [list, distributors, t, tStatus, tBadge, locale] = await Promise.all([
    listAccounts(query),
    distributorOptions(me.id, () => listDistributors()),
    getTranslations('accounts'),
    getTranslations('status.account'),
    getTranslations(),
    getLocale(),
  ]);
  const canWrite = hasScope(me.scope, 'accounts.write');
  const bulk = listBulk({
    listKey: `accounts:${query.view ?? 'all'}`,
    params,
    api: accountsApi,
    query,
    actions: accountBulkActions(t, canWrite),
  });

  const columns: DataTableColumn<AccountListItem>[] = [
    {
      key: 'customerNumber',
      header: t('columns.customerNumber'),
      sortField: 'customerNumber',
      className: 'text-nowrap',
      value: (row) => row.customerNumber,
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
      value: (row) => statusBadgeValue(tBadge, 'account', row.status),
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
  ];

  const groupBy =
    view === 'distributor'
      ? {
          key: (row: AccountListItem) => row.distributorId ?? '',
          label: (row: AccountListItem) => t('distributorGroup', { name: row.distributorName ?? t('noDistributor') }),
        }
      : view === 'manager'
        ? {
            key: (row: AccountListItem) => row.manager?.id ?? '',
            label: (row: AccountListItem) => t('managerGroup', { name: row.manager?.name ?? '—' }),
          }
        : undefined;

  return (
    <>
      <ListPageHeader
        title={t('title')}
        actions={
          canWrite ? (
            <Link href={hrefs.accountNew()} className="btn btn-primary">
              {t('new')}
            </Link>
          ) : null
        }
      />
      <TabsNav
        label={t('title')}
        className="mb-3"
        items={ACCOUNT_VIEWS.map((item) => ({
          href: listHref(PATH, params, { filters: { view: item === 'all' ? null : item } }),
          label: t(`views.${item}`),
          active: item === view,
        }))}
      />
      {/* The toolbar and the pagination are client components; the table's rows are compact data. */}
      <ClientMessages namespaces={['bulk', 'confirmDialog', 'listToolbar', 'pagination']}>
        <ListToolbar
          searchLabel={t('filters.search')}
          exportHref={accountsApi.exportHref(query)}
          filters={[
            {
              name: 'status',
              label: t('filters.status'),
              allLabel: t('filters.allStatuses'),
              options: ACCOUNT_STATUSES.map((status) => [status, tStatus(status)] as const),
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
          ]}
        />
        <DataTable
          columns={columns}
          rows={list.items}
          rowKey={(row) => (row.manager ? `${row.manager.id}:${row.id}` : row.id)}
          total={list.total}
          params={params}
          page={list.page}
          perPage={list.perPage}
          pathname={PATH}
          caption={t('caption')}
          isFiltered={hasListFilter(params, ['view'])}
          selection={bulk && { bulk, rowLabel: (row) => row.name, rowId: (row) => row.id }}
          groupBy={groupBy}
        />
      </ClientMessages>
    </>
  );
}
