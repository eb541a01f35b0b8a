import Link from 'next/link';
import { ClientMessages } from '@/components/layout/client-messages';
import { ChangeTable } from '@/components/history/change-table';
import { changeList } from '@/components/history/change-list';
import { ListScopeNotice } from '@/components/ui/list-page';
import { listMetadata, loadList } from '@/components/ui/list/load-list';
import { ListViewToolbar } from '@/components/ui/list/list-view-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { formatNumber } from '@/lib/format';
import { hasListFilter, listHref, type SearchParamsRecord } from '@/lib/list-params';
import { MAX_COUNTED_CHANGES, maxChangePage } from '@/lib/schemas/change';
import { DateRangeFilter } from '../_components/date-range-filter';

export const generateMetadata = () => listMetadata('history');

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The change history (`changeList`). Its own: beyond 10,000 matches the count says "mehr als
 * 10.000" and "Weiter" carries the keyset cursor; a typed page beyond the counted rows says so.
 */
export default async function HistoryPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const context = await loadList(changeList, props.searchParams);
  const { t, params, query, list, locale } = context;
  const path = changeList.path;
  const deepest = maxChangePage(params.perPage);
  const requestedPage = first((await props.searchParams).page)?.trim() ?? '';
  const clamped = !query.after && /^\d+$/.test(requestedPage) && Number(requestedPage) > deepest;
  // With a bounded count the last page is unknown: the pagination reaches as far as this page goes.
  const total = list.totalIsLowerBound
    ? Math.max(list.total, list.page * list.perPage + (list.nextCursor ? 1 : 0))
    : list.total;
  const nextPage = listHref(path, params, { page: list.page + 1 });
  const nextHref = list.nextCursor ? `${nextPage}${nextPage.includes('?') ? '&' : '?'}after=${list.nextCursor}` : null;
  const scoped = params.filters.accountId || params.filters.actorId || params.filters.entityId;
  const maxCounted = formatNumber(MAX_COUNTED_CHANGES, locale === 'en' ? 'en' : 'de');

  return (
    <>
      <h1 className="h3 mb-3">{t('title')}</h1>
      {scoped && (
        <ListScopeNotice
          clearHref={listHref(path, params, { filters: { accountId: null, actorId: null, entityId: null } })}
          clearLabel={t('filters.clear')}
        >
          {t('filters.accountOnly')}
        </ListScopeNotice>
      )}
      <ClientMessages namespaces={['listToolbar', 'listViews', 'history.filters']}>
        <ListViewToolbar descriptor={changeList} context={context} />
        <DateRangeFilter />
      </ClientMessages>
      {clamped && (
        <div className="alert alert-info" role="status" data-testid="history-page-clamped">
          {t('pageBeyondCount', { page: list.page, count: maxCounted })}
        </div>
      )}
      <p className="small text-body-secondary mb-2" data-testid="history-total">
        {list.totalIsLowerBound ? t('moreThan', { count: maxCounted }) : t('total', { count: list.total })}
      </p>
      <ChangeTable items={list.items} isFiltered={hasListFilter(params)} />
      <div className="d-flex flex-wrap align-items-center gap-3">
        {list.page <= deepest ? (
          <Pagination
            total={total}
            totalIsLowerBound={list.totalIsLowerBound}
            page={list.page}
            perPage={list.perPage}
            pathname={path}
            params={params}
          />
        ) : (
          // Beyond the counted rows page numbers have no cursor: only "Weiter" and back to the start.
          <div className="d-flex align-items-center gap-3 mb-3">
            <Link
              href={listHref(path, params, { page: 1 })}
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
