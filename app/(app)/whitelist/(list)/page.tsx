import { ListPageHeader, ListScopeNotice } from '@/components/ui/list-page';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/layout/client-messages';
import { listBulk } from '@/components/ui/selection/list-bulk';
import { whitelistBulkActions } from '@/components/whitelist/whitelist-bulk-actions';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { WhitelistCheckBox } from '@/components/whitelist/whitelist-check-box';
import { getMe } from '@/lib/api-client/server';
import { whitelistApi } from '@/lib/api-client/whitelist';
import { listWhitelist } from '@/lib/api-client/whitelist.server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDate } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import { hasListFilter, listHref, parseListParams, type SearchParamsRecord } from '@/lib/list-params';
import { uuidSchema } from '@/lib/schemas/common';
import {
  WHITELIST_KINDS,
  WHITELIST_SORT_FIELDS,
  type WhitelistListItem,
  type WhitelistListQuery,
} from '@/lib/schemas/whitelist';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('whitelist');
  return { title: t('title') };
}

const PATH = hrefs.whitelist();
const VALIDITY = ['valid', 'expired'] as const;

/** The whitelist entries in reach; `?accountId=` (from an account's Whitelist tab) narrows to one account. */
export default async function WhitelistPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const params = parseListParams(await props.searchParams, {
    sortFields: WHITELIST_SORT_FIELDS,
    defaultSort: 'value',
    filters: ['kind', 'validity', 'accountId'],
    filterValues: { kind: WHITELIST_KINDS, validity: VALIDITY },
  });
  const accountId = uuidSchema.safeParse(params.filters.accountId).success ? params.filters.accountId : undefined;
  if (!accountId) delete params.filters.accountId;
  const query: Partial<WhitelistListQuery> = {
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    q: params.q || undefined,
    kind: params.filters.kind as WhitelistListQuery['kind'],
    expired: params.filters.validity ? params.filters.validity === 'expired' : undefined,
    accountId,
  };

  const [me, list, t, locale] = await Promise.all([
    getMe(),
    listWhitelist(query),
    getTranslations('whitelist'),
    getLocale(),
  ]);
  const canWrite = hasScope(me.scope, 'whitelist.write');
  const bulk = listBulk({
    listKey: 'whitelist',
    params,
    api: whitelistApi,
    query,
    actions: whitelistBulkActions(t, canWrite),
  });
  const accountName = accountId ? list.items.find((row) => row.accountId === accountId)?.accountName : undefined;

  const columns: DataTableColumn<WhitelistListItem>[] = [
    {
      key: 'value',
      header: t('columns.value'),
      sortField: 'value',
      isRowHeader: true,
      className: 'text-break',
      value: (row) => ({ href: hrefs.whitelistEntry(row.id), text: row.displayValue }),
    },
    { key: 'kind', header: t('columns.kind'), sortField: 'kind', value: (row) => t(`kinds.${row.kind}`) },
    {
      key: 'account',
      header: t('columns.account'),
      sortField: 'accountName',
      className: 'd-none d-md-table-cell',
      value: (row) => ({ href: hrefs.account(row.accountId), text: row.accountName }),
    },
    {
      key: 'validUntil',
      header: t('columns.validUntil'),
      sortField: 'validUntil',
      className: 'text-nowrap',
      value: (row) =>
        row.validUntil
          ? `${formatDate(`${row.validUntil}T12:00:00Z`, locale)}${row.isExpired ? ` (${t('expired')})` : ''}`
          : t('unlimited'),
    },
    {
      key: 'note',
      header: t('columns.note'),
      className: 'd-none d-lg-table-cell text-break',
      value: (row) => row.note,
    },
  ];

  return (
    <>
      <ListPageHeader
        title={t('title')}
        actions={
          canWrite ? (
            <>
              <Link href={hrefs.whitelistNew({ accountId })} className="btn btn-primary">
                {t('new')}
              </Link>
              <Link href={hrefs.whitelistNew({ accountId, mode: 'import' })} className="btn btn-outline-primary">
                {t('import')}
              </Link>
            </>
          ) : null
        }
      />
      <p className="text-body-secondary">{t('intro')}</p>
      {accountId && (
        <ListScopeNotice
          testId="account-filter"
          clearHref={listHref(PATH, params, { filters: { accountId: null } })}
          clearLabel={t('filters.clearAccount')}
        >
          {accountName ? t('filters.accountOnly', { name: accountName }) : t('filters.accountOnlyUnknown')}
        </ListScopeNotice>
      )}
      <ClientMessages namespaces={['bulk', 'confirmDialog', 'listToolbar', 'pagination', 'whitelist.check']}>
        <WhitelistCheckBox />
        <ListToolbar
          searchLabel={t('filters.search')}
          exportHref={whitelistApi.exportHref(query)}
          filters={[
            {
              name: 'kind',
              label: t('filters.kind'),
              allLabel: t('filters.allKinds'),
              options: WHITELIST_KINDS.map((kind) => [kind, t(`kinds.${kind}`)] as const),
            },
            {
              name: 'validity',
              label: t('filters.validity'),
              allLabel: t('filters.allValidity'),
              options: VALIDITY.map((value) => [value, t(`filters.${value}`)] as const),
            },
          ]}
        />
        <DataTable
          columns={columns}
          rows={list.items}
          rowKey={(row) => row.id}
          total={list.total}
          params={params}
          page={list.page}
          perPage={list.perPage}
          pathname={PATH}
          caption={t('caption')}
          isFiltered={hasListFilter(params)}
          selection={bulk && { bulk, rowLabel: (row) => row.value }}
        />
      </ClientMessages>
    </>
  );
}
