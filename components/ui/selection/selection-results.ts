import { BULK_MAX_IDS, type BulkRowResult } from '@/lib/schemas/bulk-constants';
import { withRows, type SelectableRow, type SelectionState } from './selection-state';

// The selection's changes that follow a load or a bulk action: imported only by the code those load
// (load-matching, the action's dialog and its runner), so a list's first load does not carry them
// (issue 30).

/** "Alle N auswählen": the matching rows up to BULK_MAX_IDS (the caller fetched them). */
export function selectRows(state: SelectionState, matching: readonly SelectableRow[]): SelectionState {
  return withRows(state, (rows) => {
    for (const row of matching) {
      if (rows.size >= BULK_MAX_IDS) break;
      if (!rows.has(row.id)) rows.set(row.id, { version: row.version });
    }
  });
}

/**
 * After a bulk action: the rows done leave the selection, the rows that failed stay with their
 * outcome and reason (shown beside them).
 */
export function applyResults(state: SelectionState, results: readonly BulkRowResult[]): SelectionState {
  return withRows(state, (rows) => {
    for (const result of results) {
      if (result.outcome === 'ok') rows.delete(result.id);
      else if (rows.has(result.id)) {
        rows.set(result.id, { ...rows.get(result.id), failure: { outcome: result.outcome, reason: result.reason } });
      }
    }
  });
}

/** What the request names: the ids, and the versions the rows were shown with. */
export function selectionRequest(state: SelectionState): { ids: string[]; versions: Record<string, number> } {
  const versions: Record<string, number> = {};
  for (const [id, row] of state.rows) if (row.version !== undefined) versions[id] = row.version;
  return { ids: [...state.rows.keys()], versions };
}

/** Splits the ids into the requests the UI sends one after the other (the progress bar counts them). */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
