import 'server-only';
import { getTranslations } from 'next-intl/server';
import { defineList, listQueryBase } from '@/components/ui/list/list-descriptor';
import { whitelistApi } from '@/lib/api-client/whitelist';
import { listWhitelist } from '@/lib/api-client/whitelist.server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDate } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import { deepestCountedPage } from '@/lib/schemas/list';
import {
  MAX_COUNTED_WHITELIST_ENTRIES,
  WHITELIST_KINDS,
  WHITELIST_SORT_FIELDS,
  type WhitelistListItem,
  type WhitelistListQuery,
} from '@/lib/schemas/whitelist';
import { selectionUi } from '@/components/ui/selection/selection-ui';

const VALIDITY = ['valid', 'expired'] as const;

/** The whitelist entries in reach; `?accountId=` (from an account's Whitelist tab) narrows to one account. */
export const whitelistList = defineList({
  id: 'whitelist',
  path: hrefs.whitelist(),
  namespace: 'whitelist',
  translate: () => getTranslations('whitelist'),
  sortFields: WHITELIST_SORT_FIELDS,
  defaultSort: 'value',
  filters: ['kind', 'validity', 'accountId'],
  filterValues: { kind: WHITELIST_KINDS, validity: VALIDITY },
  idFilters: ['accountId'],
  query: (params): Partial<WhitelistListQuery> => {
    // A page number reaches as deep as the list counts (the API refuses deeper ones): a hand-edited
    // one shows the deepest page.
    params.page = Math.min(params.page, deepestCountedPage(MAX_COUNTED_WHITELIST_ENTRIES, params.perPage));
    return {
      ...listQueryBase<NonNullable<WhitelistListQuery['sort']>>(params),
      kind: params.filters.kind as WhitelistListQuery['kind'],
      expired: params.filters.validity ? params.filters.validity === 'expired' : undefined,
      accountId: params.filters.accountId,
    };
  },
  load: listWhitelist,
  api: whitelistApi,
  toolbarFilters: ({ t }) => [
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
  ],
  nameColumn: 'value',
  cardColumns: ['kind', 'account', 'validUntil'],
  columns: ({ t, locale }) => [
    {
      key: 'value',
      header: t('columns.value'),
      sortField: 'value',
      isRowHeader: true,
      className: 'text-break',
      value: (row: WhitelistListItem) => ({ href: hrefs.whitelistEntry(row.id), text: row.displayValue }),
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
  ],
  selection: { ui: selectionUi, rowLabel: (row: WhitelistListItem) => row.value },
  bulkActions: ({ t, me }) =>
    hasScope(me.scope, 'whitelist.write')
      ? [
          {
            action: 'set_valid_until',
            label: t('bulk.setValidUntil'),
            param: { kind: 'date', name: 'validUntil', label: t('bulk.validUntilLabel') },
          },
          { action: 'delete', label: t('bulk.delete'), isDestructive: true },
        ]
      : [],
  clientMessages: ['whitelist.check'],
});
