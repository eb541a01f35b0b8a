import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@/lib/schemas/list-limits';

export type SortOrder = 'asc' | 'desc';

export type SearchParamsRecord = Record<string, string | string[] | undefined>;

export interface ListParamsConfig<S extends string = string, F extends string = string> {
  /** The sort fields the list accepts; anything else in `?sort=` is ignored. */
  sortFields: readonly S[];
  defaultSort: S;
  /** Default `'asc'`. */
  defaultOrder?: SortOrder;
  /** Query parameters kept as filters (e.g. `status`, `view`); empty values are dropped. */
  filters?: readonly F[];
  /** Optional allow-lists per filter; a value outside its list is ignored. */
  filterValues?: Partial<Record<F, readonly string[]>>;
  /** Default 20 (SPEC §6). */
  perPage?: number;
}

/** The current list state read from the URL, plus the defaults needed to write canonical links. */
export interface ListParams<S extends string = string, F extends string = string> {
  page: number;
  perPage: number;
  sort: S;
  order: SortOrder;
  /** Search text, trimmed; `''` when none. */
  q: string;
  /** Only the filters that are set, in the order of `config.filters`. */
  filters: Partial<Record<F, string>>;
  /** The hidden columns the URL names (`hide`, see ./view-state), kept as given; absent: none named. */
  hide?: string;
  defaults: { sort: S; order: SortOrder; perPage: number };
}

export const MAX_PAGE = 100_000;
export const MAX_QUERY_LENGTH = 200;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return Number.isSafeInteger(number) ? number : undefined;
}

/**
 * Reads `?page&perPage&sort&order&q&<filters>` of a list page. Invalid values are ignored (the
 * default applies), the page is clamped to 1…100 000, perPage to 1…100; never throws, so a
 * hand-edited or stale bookmark still opens the list.
 */
export function parseListParams<S extends string, F extends string = never>(
  searchParams: SearchParamsRecord | URLSearchParams,
  config: ListParamsConfig<S, F>,
): ListParams<S, F> {
  const get = (name: string) =>
    searchParams instanceof URLSearchParams ? (searchParams.get(name) ?? undefined) : first(searchParams[name]);
  const defaultOrder = config.defaultOrder ?? 'asc';
  const defaultPerPage = config.perPage ?? DEFAULT_PER_PAGE;

  const page = Math.min(MAX_PAGE, Math.max(1, positiveInteger(get('page')) ?? 1));
  const requestedPerPage = positiveInteger(get('perPage'));
  const perPage =
    requestedPerPage !== undefined && requestedPerPage >= 1 && requestedPerPage <= MAX_PER_PAGE
      ? requestedPerPage
      : defaultPerPage;
  const sortValue = get('sort');
  const sort = config.sortFields.find((field) => field === sortValue) ?? config.defaultSort;
  const orderValue = get('order');
  const order: SortOrder = orderValue === 'asc' || orderValue === 'desc' ? orderValue : defaultOrder;
  const q = (get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);

  const filters: Partial<Record<F, string>> = {};
  for (const name of config.filters ?? []) {
    const value = get(name)?.trim();
    if (!value) continue;
    const allowed = config.filterValues?.[name];
    if (allowed && !allowed.includes(value)) continue;
    filters[name] = value;
  }

  const hide = get('hide')?.trim().slice(0, MAX_QUERY_LENGTH);

  return {
    page,
    perPage,
    sort,
    order,
    q,
    filters,
    ...(hide !== undefined && /^[A-Za-z0-9_.]*$/.test(hide) ? { hide } : {}),
    defaults: { sort: config.defaultSort, order: defaultOrder, perPage: defaultPerPage },
  };
}

export interface ListChanges<S extends string = string, F extends string = string> {
  page?: number;
  perPage?: number;
  sort?: S;
  order?: SortOrder;
  q?: string;
  /** Merged into the current filters; `''`/`null`/`undefined` removes one. `null` removes all. */
  filters?: Partial<Record<F, string | null | undefined>> | null;
}

/** Whether the list shows a search or filter result (for the empty text). */
export function hasListFilter(params: Pick<ListParams, 'q' | 'filters'>, ignore: readonly string[] = []): boolean {
  return (
    params.q !== '' ||
    Object.entries(params.filters).some(
      ([name, value]) => !ignore.includes(name) && value !== undefined && value !== '',
    )
  );
}

/**
 * The URL of the list after `changes`. Defaults and empty values are left out, so every state has
 * one canonical URL; changing sort, order, search, filters or page size returns to page 1 unless a
 * page is given. Parameter order is fixed: q, filters, sort, order, page, perPage, hide.
 */
export function listHref<S extends string, F extends string>(
  pathname: string,
  current: ListParams<S, F>,
  changes: ListChanges<S, F> = {},
): string {
  const sort = changes.sort ?? current.sort;
  const order = changes.order ?? current.order;
  const q = (changes.q ?? current.q).trim();
  const perPage = changes.perPage ?? current.perPage;
  const filters: Partial<Record<F, string | null | undefined>> =
    changes.filters === null ? {} : { ...current.filters, ...changes.filters };

  const isSameFilters = (() => {
    const names = new Set([...Object.keys(current.filters), ...Object.keys(filters)]) as Set<F>;
    return [...names].every((name) => (current.filters[name] ?? '') === (filters[name] ?? ''));
  })();
  const resetsPage =
    sort !== current.sort ||
    order !== current.order ||
    q !== current.q ||
    perPage !== current.perPage ||
    !isSameFilters;
  const page = changes.page ?? (resetsPage ? 1 : current.page);

  const query = new URLSearchParams();
  if (q) query.set('q', q);
  for (const [name, value] of Object.entries(filters) as [string, string | null | undefined][]) {
    if (value !== null && value !== undefined && value !== '') query.set(name, value);
  }
  if (sort !== current.defaults.sort || order !== current.defaults.order) {
    query.set('sort', sort);
    query.set('order', order);
  }
  if (page > 1) query.set('page', String(page));
  if (perPage !== current.defaults.perPage) query.set('perPage', String(perPage));
  // The columns a view or link named stay while one sorts, pages or filters.
  if (current.hide !== undefined) query.set('hide', current.hide);

  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * What a click on a sortable header does: another field → that field ascending; ascending →
 * descending; descending → cleared, i.e. back to the default sort. Where clearing would not
 * change anything (the default sort is this field descending), it goes to ascending instead.
 */
export function nextSortState<S extends string>(
  current: Pick<ListParams<S>, 'sort' | 'order' | 'defaults'>,
  field: S,
): { sort: S; order: SortOrder } {
  if (current.sort !== field) return { sort: field, order: 'asc' };
  if (current.order === 'asc') return { sort: field, order: 'desc' };
  const cleared = { sort: current.defaults.sort, order: current.defaults.order };
  return cleared.sort === field && cleared.order === 'desc' ? { sort: field, order: 'asc' } : cleared;
}

/**
 * For client components holding `URLSearchParams`: the URL after setting or removing some
 * parameters, keeping all others, and going back to page 1.
 */
export function withSearchParams(
  pathname: string,
  searchParams: URLSearchParams | string,
  changes: Record<string, string | null | undefined>,
): string {
  const query = new URLSearchParams(searchParams);
  for (const [name, value] of Object.entries(changes)) {
    const trimmed = value?.trim();
    if (trimmed) query.set(name, trimmed);
    else query.delete(name);
  }
  query.delete('page');
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}
