/**
 * Saved views and chosen columns (issue 27), the pure part: a view is a list page's URL state, its
 * query string without the page; the columns a person hid travel in the URL as `hide` (column keys
 * joined by `.`) when a view or a shared link names them, else the person's stored choice applies.
 */

/** The URL parameter of the hidden columns, e.g. `hide=city.status`; `hide=` shows every column. */
export const HIDE_PARAM = 'hide';
/** `?saved=none` opens a list without applying the person's default view. */
export const NO_VIEW_PARAM = 'saved';
export const NO_VIEW_VALUE = 'none';

const SEPARATOR = '.';

export interface ColumnRef {
  key: string;
}

/** The keys a `hide` value names (unchecked: see `normaliseHidden`). */
export const splitHidden = (raw: string): string[] => raw.split(SEPARATOR).filter(Boolean);

/** Known keys only, never the name column, in the columns' order. */
export function normaliseHidden(
  hidden: readonly string[],
  columnKeys: readonly string[],
  nameColumn: string | undefined,
): string[] {
  const wanted = new Set(hidden.map((key) => key.trim()));
  return columnKeys.filter((key) => key !== nameColumn && wanted.has(key));
}

/** The value of `hide` for hidden columns. */
export const hideValue = (hidden: readonly string[]): string => hidden.join(SEPARATOR);

/** The columns to draw: all but the hidden ones; the name column always. */
export function visibleColumns<C extends ColumnRef>(
  columns: readonly C[],
  hidden: readonly string[],
  nameColumn: string | undefined,
): C[] {
  const hiddenKeys = new Set(hidden);
  return columns.filter((column) => column.key === nameColumn || !hiddenKeys.has(column.key));
}

/**
 * A view's query from a list link (`/accounts/?status=active&page=3`) and the hidden columns: the
 * page left out, `hide` last and always set (a view shows the columns it was saved with).
 */
export function viewQueryOf(href: string, hidden: readonly string[] | undefined): string {
  const index = href.indexOf('?');
  const query = new URLSearchParams(index === -1 ? '' : href.slice(index + 1));
  query.delete('page');
  query.delete(NO_VIEW_PARAM);
  query.delete(HIDE_PARAM);
  if (hidden) query.set(HIDE_PARAM, hideValue(hidden));
  return query.toString();
}

/** Whether two view queries name the same state (parameter order does not matter). */
export function isSameViewQuery(a: string, b: string): boolean {
  const entries = (query: string) =>
    [...new URLSearchParams(query).entries()]
      .filter(([name]) => name !== 'page')
      .map(([name, value]) => `${name}=${value}`)
      .sort();
  const left = entries(a);
  const right = entries(b);
  return left.length === right.length && left.every((entry, index) => entry === right[index]);
}

/** A list opened without any query parameter applies the person's default view (if any). */
export function opensDefaultView(searchParams: Record<string, unknown>): boolean {
  return Object.values(searchParams).every((value) => value === undefined);
}

/** The link that applies a view. */
export function viewHref(path: string, query: string): string {
  return query ? `${path}?${query}` : `${path}?${NO_VIEW_PARAM}=${NO_VIEW_VALUE}`;
}

/** The current URL with `hide` removed (the stored column choice applies). */
export function withoutHide(path: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete(HIDE_PARAM);
  const rest = query.toString();
  return rest ? `${path}?${rest}` : path;
}
