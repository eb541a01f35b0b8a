import type { getTranslations } from 'next-intl/server';
import type { MessagePath } from '@/lib/i18n/pick-messages';
import type { FormatLocale } from '@/lib/format';
import type { ListParams, SearchParamsRecord } from '@/lib/list-params';
import type { MeResponse } from '@/lib/schemas/auth';
import type { SavedView } from '@/lib/schemas/saved-view';
import type { DataTableColumn, DataTableGroupBy } from '../data-table';
import type { ListToolbarFilter } from '../list-toolbar';
import type { BulkActionDescriptor } from '../selection/bulk-action';
import type { SelectionUi } from '../selection/selection-ui';

/** Any catalogue key, e.g. `roles.admin`, `status.user.active` (the lists' shared labels). */
export type RootTranslate = Awaited<ReturnType<typeof getTranslations<never>>>;

/** One page of a list as the API answers it. */
export interface ListPageData<Row> {
  items: Row[];
  total: number;
  page: number;
  perPage: number;
  /** The count stopped at its cap (the history, the whitelist): `total` is a lower bound. */
  totalIsLowerBound?: boolean;
  /** A keyset-paged list (the history) names the next page's cursor. */
  nextCursor?: string | null;
}

/** What a list's parts are drawn from: the signed-in user, the URL's state, the API's query and answer. */
export interface ListContext<Row, Query, Translate, Options = undefined> {
  me: MeResponse['user'];
  params: ListParams;
  query: Partial<Query>;
  list: ListPageData<Row>;
  /** The API refused the URL's query (422): the list is empty and the page says so. */
  refused?: boolean;
  /** The list's own catalogue namespace. */
  t: Translate;
  /** The whole catalogue (roles, statuses). */
  tRoot: RootTranslate;
  locale: FormatLocale;
  /** What `loadOptions` fetched beside the list (e.g. the distributors to filter by). */
  options: Options;
  /** The user's saved views of this list (issue 27). */
  views: SavedView[];
  /** The column keys hidden now: those the URL's `hide` names, else the user's stored choice (unchecked). */
  hidden: string[];
}

/**
 * A list described once (issue 26, STYLE habit 10): what the URL may say (sort fields, filters and
 * their allowed values), how that becomes the API's query, the toolbar's filters with their
 * options, the columns, the bulk actions and the export. The page, the toolbar, the table and the
 * bulk bar all read it (`loadList`, `ListView`), so a list page keeps only what is truly its own
 * (tabs, a scope notice, the "Neu" button). Server-only: its functions run on the server and hand
 * plain data (labels, options, actions) to the client parts.
 *
 * Columns have stable ids (`key`), and `nameColumn` names the one that names the record: saved views
 * and the column chooser (issue 27) store ids and may never hide that one.
 */
export interface ListDescriptor<Row, Query, Translate, Options = undefined> {
  /** A name for the list, e.g. `tasks`: selection is kept per list (and per `listKey`). */
  id: string;
  /** The page's path, e.g. `/tasks/`. */
  path: string;
  /** The catalogue namespace of the list's texts (`title`, `caption`, `filters.search`). */
  namespace: MessagePath;
  translate: () => Promise<Translate>;
  sortFields: readonly string[];
  defaultSort: string;
  defaultOrder?: 'asc' | 'desc';
  /** Query parameters kept as filters; `filterValues` are their allowed values (others are ignored). */
  filters: readonly string[];
  filterValues?: Record<string, readonly string[]>;
  /** Filters that must be a UUID (a hand-edited id would be refused by the API; the list ignores it). */
  idFilters?: readonly string[];
  /** Filters that choose a view (tabs) rather than narrow it: they do not make the list "filtered". */
  viewFilters?: readonly string[];
  /** The API's query for the URL's state. */
  query: (params: ListParams, me: MeResponse['user'], searchParams: SearchParamsRecord) => Partial<Query>;
  load: (query: Partial<Query>) => Promise<ListPageData<Row>>;
  /** Loaded beside the list, in parallel (e.g. a filter's options from the API). */
  loadOptions?: (me: MeResponse['user']) => Promise<Options>;
  api: {
    /** `POST {bulkPath}` does a bulk action (lists without bulk actions have none). */
    bulkPath?: string;
    listPath: (query: Partial<Query>) => string;
    exportHref?: (query: Partial<Query>) => string;
  };
  /** The toolbar's filters, translated with their options. */
  toolbarFilters: (context: ListContext<Row, Query, Translate, Options>) => readonly ListToolbarFilter[];
  /**
   * The table's columns (`key` is the stable id). A list drawn by its own table leaves them out (the
   * history: keyset paging and rows the Historie tabs share); `ListView` needs them.
   */
  columns?: (context: ListContext<Row, Query, Translate, Options>) => readonly DataTableColumn<Row>[];
  /** The id of the column that names the record (a row header; never hideable). */
  nameColumn?: string;
  /**
   * Below 576 px each row is a card (issue 49): the name column as its title (the link), and these
   * two or three columns (ids: what matters, with the status badge where the list has one).
   */
  cardColumns?: readonly string[];
  rowKey?: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  groupBy?: (context: ListContext<Row, Query, Translate, Options>) => DataTableGroupBy<Row> | undefined;
  /** The bulk actions the user may take (none: no selection column). */
  bulkActions?: (context: ListContext<Row, Query, Translate, Options>) => readonly BulkActionDescriptor[];
  /** Which list the selection belongs to, default `id` (tabs that show other rows keep their own). */
  listKey?: (query: Partial<Query>) => string;
  selection?: {
    /** `selectionUi`: imported by the descriptor, so that lists without bulk actions do not ship it. */
    ui: SelectionUi;
    rowLabel: (row: Row, context: ListContext<Row, Query, Translate, Options>) => string;
    rowId?: (row: Row) => string;
    rowVersion?: (row: Row) => number;
  };
  /** Catalogue parts the list's client cells need beside the toolbar's, pagination's and bulk bar's. */
  clientMessages?: readonly MessagePath[];
}

/** Declares a list; only for the type inference of its parts. */
export function defineList<Row, Query, Translate, Options = undefined>(
  descriptor: TableListDescriptor<Row, Query, Translate, Options>,
): TableListDescriptor<Row, Query, Translate, Options> {
  return descriptor;
}

/** Declares a list that draws its own table (only the URL's state, the query, the toolbar and the export). */
export function defineListWithOwnTable<Row, Query, Translate, Options = undefined>(
  descriptor: ListDescriptor<Row, Query, Translate, Options>,
): ListDescriptor<Row, Query, Translate, Options> {
  return descriptor;
}

/** A list drawn by the shared table (`ListView`): its columns and its name column are declared. */
export type TableListDescriptor<Row, Query, Translate, Options = undefined> = ListDescriptor<
  Row,
  Query,
  Translate,
  Options
> &
  Required<Pick<ListDescriptor<Row, Query, Translate, Options>, 'columns' | 'nameColumn' | 'cardColumns'>>;

/** The part of every list's API query the URL's paging, sort and search make. */
export function listQueryBase<Sort extends string>(params: ListParams) {
  return {
    page: params.page,
    perPage: params.perPage,
    sort: params.sort as Sort,
    order: params.order,
    q: params.q || undefined,
  };
}
