import { BULK_MAX_IDS, type BulkRowResult } from '@/lib/schemas/bulk-constants';

/** One selected row: the version it was shown with (stale rows answer `conflict`), and why it failed. */
export interface SelectedRow {
  version?: number;
  failure?: Pick<BulkRowResult, 'outcome' | 'reason'>;
}

/**
 * The selection of one list (issue 26): the rows by id, across pages and sorts, for one filter.
 * A new filter starts an empty selection. Plain data and pure functions, so it is tested without React.
 */
export interface SelectionState {
  filterKey: string;
  rows: ReadonlyMap<string, SelectedRow>;
}

export interface SelectableRow {
  id: string;
  version?: number;
}

export const emptySelection = (filterKey: string): SelectionState => ({ filterKey, rows: new Map() });

/** The state for this filter: the stored one while the filter is the same, else an empty one. */
export function forFilter(state: SelectionState | undefined, filterKey: string): SelectionState {
  return state && state.filterKey === filterKey ? state : emptySelection(filterKey);
}

/** A copy of the state whose rows `change` edits. */
export function withRows(state: SelectionState, change: (rows: Map<string, SelectedRow>) => void): SelectionState {
  const rows = new Map(state.rows);
  change(rows);
  return { ...state, rows };
}

/** Space on a row's box: in or out. Nothing beyond BULK_MAX_IDS rows. */
export function toggleRow(state: SelectionState, row: SelectableRow): SelectionState {
  return withRows(state, (rows) => {
    if (rows.has(row.id)) rows.delete(row.id);
    else if (rows.size < BULK_MAX_IDS) rows.set(row.id, { version: row.version });
  });
}

/** Whether every row of this page is selected (the header box is checked), some (mixed) or none. */
export function pageState(state: SelectionState, pageIds: readonly string[]): 'all' | 'some' | 'none' {
  const selected = pageIds.filter((id) => state.rows.has(id)).length;
  if (pageIds.length > 0 && selected === pageIds.length) return 'all';
  return selected === 0 ? 'none' : 'some';
}

/** The header box: selects the page's rows, or, when all of them are selected, takes them out. */
export function togglePage(state: SelectionState, pageRows: readonly SelectableRow[]): SelectionState {
  const isAll =
    pageState(
      state,
      pageRows.map((row) => row.id),
    ) === 'all';
  return withRows(state, (rows) => {
    for (const row of pageRows) {
      if (isAll) rows.delete(row.id);
      else if (!rows.has(row.id) && rows.size < BULK_MAX_IDS) rows.set(row.id, { version: row.version });
    }
  });
}

export const clearSelection = (state: SelectionState): SelectionState => emptySelection(state.filterKey);
