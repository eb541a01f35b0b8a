import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { listHref, nextSortState, type ListParams } from '@/lib/list-params';

export interface SortHeaderProps {
  /** The API sort field this column sorts by. */
  field: string;
  label: string;
  params: ListParams;
  pathname: string;
  className?: string;
}

type AriaSort = 'ascending' | 'descending' | 'none';

/**
 * A sortable column header (server component): a link to the next sort state, `aria-sort` on the
 * `<th>`, and the seed's sort label ("Klicken, um …") as the end of the link's accessible name and
 * as its tooltip. The label says what the click does, so it follows `nextSortState`.
 */
export function SortHeader({ field, label, params, pathname, className }: SortHeaderProps) {
  const t = useTranslations('table');
  const ariaSort: AriaSort = params.sort !== field ? 'none' : params.order === 'asc' ? 'ascending' : 'descending';
  const next = nextSortState(params, field);
  const isClearing =
    next.sort !== field ||
    (ariaSort !== 'none' && next.sort === params.defaults.sort && next.order === params.defaults.order);
  const action = isClearing ? t('sortClear') : next.order === 'asc' ? t('sortAsc') : t('sortDesc');
  const indicator = ariaSort === 'ascending' ? '▲' : ariaSort === 'descending' ? '▼' : '↕';

  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <Link
        prefetch={false}
        href={listHref(pathname, params, next)}
        title={action}
        scroll={false}
        className="sort-link"
        data-testid={`sort-${field}`}
      >
        {label}
        <span aria-hidden="true" className={ariaSort === 'none' ? 'text-body-secondary small' : 'small'}>
          {indicator}
        </span>
        <span className="visually-hidden">{` (${action})`}</span>
      </Link>
    </th>
  );
}
