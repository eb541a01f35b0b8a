import 'server-only';
import { getTranslations } from 'next-intl/server';
import { defineList, listQueryBase } from '@/components/ui/list/list-descriptor';
import { documentsApi } from '@/lib/api-client/documents';
import { listDocuments } from '@/lib/api-client/documents.server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDateTime } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_SORT_FIELDS,
  type DocumentListItem,
  type DocumentListQuery,
} from '@/lib/schemas/document';
import { selectionUi } from '@/components/ui/selection/selection-ui';

/** The documents in the caller's reach; `?accountId=` (from an account's Dokumente tab) narrows to one account. */
export const documentList = defineList({
  id: 'documents',
  path: hrefs.documents(),
  namespace: 'documents',
  translate: () => getTranslations('documents'),
  sortFields: DOCUMENT_SORT_FIELDS,
  defaultSort: 'title',
  filters: ['category', 'accountId', 'general'],
  filterValues: { category: DOCUMENT_CATEGORIES, general: ['true'] },
  idFilters: ['accountId'],
  query: (params): Partial<DocumentListQuery> => ({
    ...listQueryBase<NonNullable<DocumentListQuery['sort']>>(params),
    category: params.filters.category as DocumentListQuery['category'],
    accountId: params.filters.accountId,
    general: params.filters.general === 'true' ? true : undefined,
  }),
  load: listDocuments,
  api: documentsApi,
  toolbarFilters: ({ t, params }) => [
    {
      name: 'category',
      label: t('filters.category'),
      allLabel: t('filters.allCategories'),
      options: DOCUMENT_CATEGORIES.map((code) => [code, t(`categories.${code}`)] as const),
    },
    ...(params.filters.accountId
      ? []
      : [
          {
            name: 'general',
            label: t('filters.scope'),
            allLabel: t('filters.allScopes'),
            options: [['true', t('filters.generalOnly')] as const],
          },
        ]),
  ],
  nameColumn: 'title',
  cardColumns: ['category', 'account', 'updatedAt'],
  columns: ({ t, locale }) => [
    {
      key: 'title',
      header: t('columns.title'),
      sortField: 'title',
      isRowHeader: true,
      value: (row: DocumentListItem) => ({ href: hrefs.document(row.id), text: row.title }),
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
  ],
  selection: { ui: selectionUi, rowLabel: (row: DocumentListItem) => row.title },
  bulkActions: ({ t, me }) =>
    hasScope(me.scope, 'documents.write')
      ? [
          {
            action: 'set_category',
            label: t('bulk.setCategory'),
            param: {
              kind: 'select',
              name: 'category',
              label: t('bulk.categoryLabel'),
              options: DOCUMENT_CATEGORIES.map((category) => [category, t(`categories.${category}`)] as const),
            },
          },
          { action: 'delete', label: t('bulk.delete'), isDestructive: true },
        ]
      : [],
});
