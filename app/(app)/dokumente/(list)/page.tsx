import { ListPageHeader, ListScopeNotice } from '@/components/ui/list-page';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { listBulk } from '@/components/ui/selection/list-bulk';
import { documentBulkActions } from '@/components/documents/document-bulk-actions';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { ClientMessages } from '@/components/layout/client-messages';
import { documentsApi } from '@/lib/api-client/documents';
import { listDocuments } from '@/lib/api-client/documents.server';
import { getMe } from '@/lib/api-client/server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDateTime } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import { hasListFilter, listHref, parseListParams, type SearchParamsRecord } from '@/lib/list-params';
import { uuidSchema } from '@/lib/schemas/common';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_SORT_FIELDS,
  type DocumentListItem,
  type DocumentListQuery,
} from '@/lib/schemas/document';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('documents');
  return { title: t('title') };
}

const PATH = hrefs.documents();

/** The documents in the caller's reach; `?accountId=` (from an account's Dokumente tab) narrows to one account. */
export default async function DocumentsPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const params = parseListParams(await props.searchParams, {
    sortFields: DOCUMENT_SORT_FIELDS,
    defaultSort: 'title',
    filters: ['category', 'accountId', 'general'],
    filterValues: { category: DOCUMENT_CATEGORIES, general: ['true'] },
  });
  // A hand-edited id would be refused by the API (422); the list then simply ignores it.
  const accountId = uuidSchema.safeParse(params.filters.accountId).success ? params.filters.accountId : undefined;
  if (!accountId) delete params.filters.accountId;
  const query: Partial<DocumentListQuery> = {
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    q: params.q || undefined,
    category: params.filters.category as DocumentListQuery['category'],
    accountId,
    general: params.filters.general === 'true' ? true : undefined,
  };

  const [me, list, t, locale] = await Promise.all([
    getMe(),
    listDocuments(query),
    getTranslations('documents'),
    getLocale(),
  ]);
  const canUpload = hasScope(me.scope, 'documents.write');
  const bulk = listBulk({
    listKey: 'documents',
    params,
    api: documentsApi,
    query,
    actions: documentBulkActions(t, canUpload),
  });
  const accountName = accountId ? list.items.find((row) => row.accountId === accountId)?.accountName : undefined;

  const columns: DataTableColumn<DocumentListItem>[] = [
    {
      key: 'title',
      header: t('columns.title'),
      sortField: 'title',
      isRowHeader: true,
      value: (row) => ({ href: hrefs.document(row.id), text: row.title }),
    },
    {
      key: 'category',
      header: t('columns.category'),
      sortField: 'category',
      value: (row) => t(`categories.${row.category}`),
    },
    {
      key: 'account',
      header: t('columns.account'),
      sortField: 'account',
      className: 'd-none d-md-table-cell',
      value: (row) =>
        row.accountId ? { href: hrefs.account(row.accountId), text: row.accountName ?? row.accountId } : t('general'),
    },
    {
      key: 'file',
      header: t('columns.file'),
      className: 'text-break d-none d-lg-table-cell',
      value: (row) => row.fileName,
    },
    {
      key: 'updatedAt',
      header: t('columns.updatedAt'),
      sortField: 'updatedAt',
      className: 'text-nowrap',
      value: (row) => formatDateTime(row.updatedAt, locale),
    },
  ];

  return (
    <>
      <ListPageHeader
        title={t('title')}
        actions={
          canUpload ? (
            <Link href={hrefs.documentNew(accountId ? { accountId } : {})} className="btn btn-primary">
              {t('upload')}
            </Link>
          ) : null
        }
      />
      {accountId && (
        <ListScopeNotice
          testId="account-filter"
          clearHref={listHref(PATH, params, { filters: { accountId: null } })}
          clearLabel={t('filters.clearAccount')}
        >
          {accountName ? t('filters.accountOnly', { name: accountName }) : t('filters.accountOnlyUnknown')}
        </ListScopeNotice>
      )}
      <ClientMessages namespaces={['bulk', 'confirmDialog', 'listToolbar', 'pagination']}>
        <ListToolbar
          searchLabel={t('filters.search')}
          exportHref={documentsApi.exportHref(query)}
          filters={[
            {
              name: 'category',
              label: t('filters.category'),
              allLabel: t('filters.allCategories'),
              options: DOCUMENT_CATEGORIES.map((code) => [code, t(`categories.${code}`)] as const),
            },
            ...(accountId
              ? []
              : [
                  {
                    name: 'general',
                    label: t('filters.scope'),
                    allLabel: t('filters.allScopes'),
                    options: [['true', t('filters.generalOnly')] as const],
                  },
                ]),
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
          selection={bulk && { bulk, rowLabel: (row) => row.title }}
        />
      </ClientMessages>
    </>
  );
}
