'use client';

import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { withSearchParams } from '@/lib/list-params';

export const SEARCH_DEBOUNCE_MS = 400;
/** The "all" choice of a filter that has a default (`defaultValue`). */
export const ALL_VALUE = 'all';

/** A filter choice: its parameter value and its label (a pair, not an object: the RSC payload of a
 * list page carries every option, 50 distributors at scale). */
export type ListToolbarOption = readonly [value: string, label: string];

export interface ListToolbarSelectFilter {
  type?: 'select';
  /** The query parameter, e.g. `status`. */
  name: string;
  label: string;
  options: readonly ListToolbarOption[];
  /** The first option, meaning "no filter"; default "Alle". */
  allLabel?: string;
  /**
   * The value the list applies while the URL names none (the task list: not done). The first option
   * then sends `all` to lift it, and choosing this value drops the parameter.
   */
  defaultValue?: string;
}

export interface ListToolbarCheckboxFilter {
  type: 'checkbox';
  name: string;
  label: string;
  /** The parameter value while checked; default `'true'`. */
  value?: string;
}

export type ListToolbarFilter = ListToolbarSelectFilter | ListToolbarCheckboxFilter;

export interface ListToolbarProps {
  filters?: readonly ListToolbarFilter[];
  /**
   * The API's CSV export URL for the current filter; renders "Als CSV exportieren", and beside it
   * "Excel (.xlsx)" for the same export as XLSX (`….csv?…` → `….xlsx?…`).
   */
  exportHref?: string;
  /** Default true. */
  hasSearch?: boolean;
  /** Default "Suche". */
  searchLabel?: string;
  searchPlaceholder?: string;
  debounceMs?: number;
  /** Further actions at the end of the toolbar, e.g. a "Neues Konto" link. */
  children?: ReactNode;
  className?: string;
}

/**
 * Search and filters of a list (client component). Everything lives in the URL: a change keeps
 * the other parameters (sort, view), drops the page, and re-renders the server page. Typing
 * updates the URL 400 ms after the last key (the first change of a search adds a history entry,
 * refinements replace it), Enter at once; a filter change adds a history entry, so Back undoes it.
 */
/** The XLSX export beside a CSV export: the same path and query with `.xlsx`; none for other URLs. */
export function xlsxHrefOf(csvHref: string | undefined): string | undefined {
  if (!csvHref || !/\.csv(?=[?#]|$)/.test(csvHref)) return undefined;
  return csvHref.replace(/\.csv(?=[?#]|$)/, '.xlsx');
}

export function ListToolbar({
  filters = [],
  exportHref,
  hasSearch = true,
  searchLabel,
  searchPlaceholder,
  debounceMs = SEARCH_DEBOUNCE_MS,
  children,
  className,
}: ListToolbarProps) {
  const t = useTranslations('listToolbar');
  const xlsxHref = xlsxHrefOf(exportHref);
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const id = useId();
  const urlQuery = searchParams.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ pathname, searchParams: searchParams.toString(), urlQuery });
  const ownQuery = useRef(urlQuery);

  // The debounced search runs later, from a timer: it must see the URL of that moment.
  useLayoutEffect(() => {
    latest.current = { pathname, searchParams: searchParams.toString(), urlQuery };
  });

  // Back/forward or the reset link changed the search: show it. Our own navigation must not
  // overwrite what the user typed since.
  useEffect(() => {
    if (urlQuery !== ownQuery.current) setText(urlQuery);
    ownQuery.current = urlQuery;
  }, [urlQuery]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const router = useRouter();
  const navigate = (href: string, mode: 'push' | 'replace') =>
    mode === 'push' ? router.push(href, { scroll: false }) : router.replace(href, { scroll: false });

  const search = (value: string, isSubmit: boolean) => {
    clearTimeout(timer.current);
    const query = value.trim();
    const current = latest.current;
    if (query === current.urlQuery) return;
    ownQuery.current = query;
    const href = withSearchParams(current.pathname, current.searchParams, { q: query });
    navigate(href, isSubmit || current.urlQuery === '' ? 'push' : 'replace');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(text, true);
  };

  const setFilter = (name: string, value: string | null) => {
    clearTimeout(timer.current);
    const pending = text.trim() !== urlQuery ? { q: text.trim() } : {};
    if ('q' in pending) ownQuery.current = text.trim();
    navigate(withSearchParams(pathname, searchParams, { ...pending, [name]: value }), 'push');
  };

  const filterNames = filters.map((filter) => filter.name);
  const isFiltered = urlQuery !== '' || filterNames.some((name) => searchParams.get(name));
  const resetHref = withSearchParams(
    pathname,
    searchParams,
    Object.fromEntries(['q', ...filterNames].map((name) => [name, null])),
  );

  return (
    <form
      role="search"
      aria-label={t('label')}
      onSubmit={onSubmit}
      className={`row g-2 align-items-end mb-3 ${className ?? ''}`}
      data-testid="list-toolbar"
    >
      {hasSearch ? (
        <div className="col-12 col-md">
          <label htmlFor={`${id}-q`} className="form-label">
            {searchLabel ?? t('search')}
          </label>
          <div className="input-group">
            <input
              id={`${id}-q`}
              type="search"
              name="q"
              className="form-control"
              value={text}
              placeholder={searchPlaceholder ?? t('searchPlaceholder')}
              maxLength={200}
              autoComplete="off"
              onChange={(event) => {
                const value = event.target.value;
                setText(value);
                clearTimeout(timer.current);
                timer.current = setTimeout(() => search(value, false), debounceMs);
              }}
            />
            <button type="submit" className="btn btn-outline-secondary">
              {t('submit')}
            </button>
          </div>
        </div>
      ) : null}
      {filters.map((filter) =>
        filter.type === 'checkbox' ? (
          <div key={filter.name} className="col-auto">
            <div className="form-check mb-2">
              <input
                id={`${id}-${filter.name}`}
                type="checkbox"
                className="form-check-input"
                checked={searchParams.get(filter.name) === (filter.value ?? 'true')}
                onChange={(event) => setFilter(filter.name, event.target.checked ? (filter.value ?? 'true') : null)}
              />
              <label htmlFor={`${id}-${filter.name}`} className="form-check-label">
                {filter.label}
              </label>
            </div>
          </div>
        ) : (
          <div key={filter.name} className="col-12 col-sm-6 col-md-auto">
            <label htmlFor={`${id}-${filter.name}`} className="form-label">
              {filter.label}
            </label>
            <select
              id={`${id}-${filter.name}`}
              name={filter.name}
              className="form-select"
              value={searchParams.get(filter.name) ?? filter.defaultValue ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setFilter(filter.name, value === (filter.defaultValue ?? '') ? null : value || null);
              }}
            >
              <option value={filter.defaultValue ? ALL_VALUE : ''}>{filter.allLabel ?? t('all')}</option>
              {filter.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ),
      )}
      {isFiltered || exportHref || children ? (
        <div className="col-12 col-md-auto d-flex flex-wrap gap-2 align-items-center">
          {isFiltered ? (
            <Link href={resetHref} scroll={false} className="btn btn-link px-0 px-md-2" data-testid="list-reset">
              {t('reset')}
            </Link>
          ) : null}
          {exportHref ? (
            <a href={exportHref} download className="btn btn-outline-secondary" data-testid="list-export">
              {t('export')}
            </a>
          ) : null}
          {xlsxHref ? (
            <a href={xlsxHref} download className="btn btn-outline-secondary" data-testid="list-export-xlsx">
              {t('exportXlsx')}
            </a>
          ) : null}
          {children}
        </div>
      ) : null}
    </form>
  );
}
