import { ListScopeNotice } from '@/components/ui/list-page';
import { hrefs } from '@/lib/hrefs';
import { listChanges } from '@/lib/api-client/approvals.server';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { ChangeTable } from '@/components/history/change-table';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { changesApi } from '@/lib/api-client/approvals';
import { formatNumber } from '@/lib/format';
import { hasListFilter, listHref, parseListParams, type SearchParamsRecord } from '@/lib/list-params';
import {
  CHANGE_ACTIONS,
  CHANGE_ENTITY_TYPES,
  MAX_COUNTED_CHANGES,
  maxChangePage,
  type ChangeListQuery,
} from '@/lib/schemas/change';
import { uuidSchema } from '@/lib/schemas/common';
import { DateRangeFilter } from '../_components/date-range-filter';
import { ClientMessages } from '@/components/layout/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('history');
  return { title: t('title') };
}

const PATH = hrefs.changes();
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The change history in reach, newest first. Beyond 10,000 matches the count says "mehr als
 * 10.000"; "Weiter" carries the keyset cursor, so paging on stays as fast deep down as on page 1.
 */
export default async function HistoryPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const searchParams = await props.searchParams;
  const params = parseListParams(searchParams, {
    sortFields: ['at'] as const,
    defaultSort: 'at',
    defaultOrder: 'desc',
    filters: ['entityType', 'action', 'actorId', 'accountId', 'entityId', 'from', 'to'],
    filterValues: { entityType: CHANGE_ENTITY_TYPES, action: CHANGE_ACTIONS },
  });
  // Hand-edited ids and days would be refused by the API (422); the list ignores them instead.
  for (const name of ['actorId', 'accountId', 'entityId'] as const) {
    if (params.filters[name] && !uuidSchema.safeParse(params.filters[name]).success) delete params.filters[name];
  }
  for (const name of ['from', 'to'] as const) {
    if (params.filters[name] && !DAY.test(params.filters[name])) delete params.filters[name];
  }
  const afterValue = first(searchParams.after);
  const after = afterValue && uuidSchema.safeParse(afterValue).success ? afterValue : undefined;
  const { from, to } = params.filters;
  // A typed page number beyond the counted rows has no cursor: show the deepest page it reaches.
  const deepest = maxChangePage(params.perPage);
  const clamped = !after && params.page > deepest;
  if (clamped) params.page = deepest;
  const query: Partial<ChangeListQuery> = {
    page: params.page,
    perPage: params.perPage,
    order: params.order,
    q: params.q || undefined,
    entityType: params.filters.entityType as ChangeListQuery['entityType'],
    action: params.filters.action as ChangeListQuery['action'],
    actorId: params.filters.actorId,
    accountId: params.filters.accountId,
    entityId: params.filters.entityId,
    from: from && to && from > to ? to : from,
    to: from && to && from > to ? from : to,
    after,
  };
  const [list, t, locale] = await Promise.all([listChanges(query), getTranslations('history'), getLocale()]);
  // With a bounded count the last page is unknown: the pagination reaches as far as this page goes.
  const total = list.totalIsLowerBound
    ? Math.max(list.total, list.page * list.perPage + (list.nextCursor ? 1 : 0))
    : list.total;
  const nextPage = listHref(PATH, params, { page: list.page + 1 });
  const nextHref = list.nextCursor ? `${nextPage}${nextPage.includes('?') ? '&' : '?'}after=${list.nextCursor}` : null;
  const scoped = params.filters.accountId || params.filters.actorId || params.filters.entityId;

  return (
    <>
      <h1 className="h3 mb-3">{t('title')}</h1>
      {scoped && (
        <ListScopeNotice
          clearHref={listHref(PATH, params, { filters: { accountId: null, actorId: null, entityId: null } })}
          clearLabel={t('filters.clear')}
        >
          {t('filters.accountOnly')}
        </ListScopeNotice>
      )}
      <ClientMessages namespaces={['listToolbar', 'pagination', 'history.filters']}>
        <ListToolbar
          searchLabel={t('filters.search')}
          exportHref={changesApi.exportHref(query)}
          filters={[
            {
              name: 'entityType',
              label: t('filters.entityType'),
              allLabel: t('filters.allEntityTypes'),
              options: CHANGE_ENTITY_TYPES.map((type) => [type, t(`entityType.${type}`)] as const),
            },
            {
              name: 'action',
              label: t('filters.action'),
              allLabel: t('filters.allActions'),
              options: CHANGE_ACTIONS.map((action) => [action, t(`action.${action}`)] as const),
            },
          ]}
        />
        <DateRangeFilter />
      </ClientMessages>
      {clamped && (
        <div className="alert alert-info" role="status" data-testid="history-page-clamped">
          {t('pageBeyondCount', {
            page: list.page,
            count: formatNumber(MAX_COUNTED_CHANGES, locale === 'en' ? 'en' : 'de'),
          })}
        </div>
      )}
      <p className="small text-body-secondary mb-2" data-testid="history-total">
        {list.totalIsLowerBound
          ? t('moreThan', { count: formatNumber(MAX_COUNTED_CHANGES, locale === 'en' ? 'en' : 'de') })
          : t('total', { count: list.total })}
      </p>
      <ChangeTable items={list.items} isFiltered={hasListFilter(params)} />
      <div className="d-flex flex-wrap align-items-center gap-3">
        {list.page <= deepest ? (
          <ClientMessages namespaces={['pagination']}>
            <Pagination total={total} page={list.page} perPage={list.perPage} pathname={PATH} params={params} />
          </ClientMessages>
        ) : (
          // Beyond the counted rows page numbers have no cursor: only "Weiter" and back to the start.
          <div className="d-flex align-items-center gap-3 mb-3">
            <Link
              href={listHref(PATH, params, { page: 1 })}
              className="btn btn-sm btn-outline-secondary"
              prefetch={false}
            >
              {t('firstPage')}
            </Link>
            <span className="small text-body-secondary" data-testid="history-page-number">
              {t('pageNumber', { page: list.page })}
            </span>
          </div>
        )}
        {nextHref && list.totalIsLowerBound && (
          <Link href={nextHref} className="btn btn-sm btn-outline-secondary mb-3" rel="next" prefetch={false}>
            {t('next')}
          </Link>
        )}
      </div>
    </>
  );
}
