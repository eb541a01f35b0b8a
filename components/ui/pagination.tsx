import type { ReactNode } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { listHref, pageCount, pageWindow, type ListParams } from '@/lib/list-params';

export interface PaginationProps {
  total: number;
  /** The page shown; defaults to `params.page`. */
  page?: number;
  /** Defaults to `params.perPage` (20). */
  perPage?: number;
  pathname: string;
  /** The current list state: page links keep its sort, search and filters. */
  params: ListParams;
  /**
   * The count stopped early (`totalIsLowerBound`: the history, the whitelist): `total` is one more
   * than it counted, so the range says "von mehr als {total − 1}" and the last page link goes as
   * deep as the count does.
   */
  totalIsLowerBound?: boolean;
  className?: string;
}

/**
 * "1–20 von 1.234" and, when there is more than one page, first/previous, 5 page links around the
 * current page, next/last. The page lives in the URL. Server-rendered (issue 30): its markup is a few
 * hundred bytes of the list's RSC payload, where as a client component it cost every list ~0.9 KiB of
 * JavaScript on the first load.
 */
export function Pagination({ total, page, perPage, pathname, params, totalIsLowerBound, className }: PaginationProps) {
  const t = useTranslations('pagination');
  const size = perPage ?? params.perPage;
  const current = page ?? params.page;
  const pages = pageCount(total, size);
  const from = (current - 1) * size + 1;
  const to = Math.min(total, current * size);
  const href = (target: number) => listHref(pathname, params, { page: target });

  if (total <= 0) return null;

  const edge = (target: number, label: string, symbol: string, isDisabled: boolean, rel?: string): ReactNode => (
    <li className={`page-item${isDisabled ? ' disabled' : ''}`}>
      {isDisabled ? (
        <span className="page-link" aria-disabled="true" title={label}>
          <span aria-hidden="true">{symbol}</span>
          <span className="visually-hidden">{label}</span>
        </span>
      ) : (
        <Link prefetch={false} className="page-link" href={href(target)} title={label} rel={rel}>
          <span aria-hidden="true">{symbol}</span>
          <span className="visually-hidden">{label}</span>
        </Link>
      )}
    </li>
  );

  return (
    <div
      className={`d-flex flex-wrap align-items-center justify-content-between gap-2 ${className ?? ''}`}
      data-testid="pagination"
    >
      <p className="mb-0 text-body-secondary" data-testid="pagination-range">
        {from > total
          ? null
          : totalIsLowerBound
            ? t('rangeMoreThan', { from, to, count: total - 1 })
            : t('range', { from, to, total })}
      </p>
      {pages > 1 ? (
        <nav aria-label={t('label')}>
          <ul className="pagination mb-0">
            {edge(1, t('first'), '«', current <= 1)}
            {edge(Math.min(current - 1, pages), t('previous'), '‹', current <= 1, 'prev')}
            {pageWindow(current, pages).map((target) => (
              <li key={target} className={`page-item${target === current ? ' active' : ''}`}>
                <Link
                  prefetch={false}
                  className="page-link"
                  href={href(target)}
                  aria-current={target === current ? 'page' : undefined}
                  aria-label={t('page', { page: target })}
                >
                  {target}
                </Link>
              </li>
            ))}
            {edge(current + 1, t('next'), '›', current >= pages, 'next')}
            {edge(pages, t('last'), '»', current >= pages)}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
