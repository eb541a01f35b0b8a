import { BULK_MAX_IDS } from '@/lib/schemas/bulk-constants';
import { applyResults, batches, selectRows, selectionRequest } from './selection-results';
import { clearSelection, emptySelection, forFilter, pageState, togglePage, toggleRow } from './selection-state';

const page1 = [
  { id: 'a', version: 1 },
  { id: 'b', version: 2 },
];
const page2 = [
  { id: 'c', version: 3 },
  { id: 'd', version: 1 },
];

describe('list selection', () => {
  it('toggles a row in and out and keeps the version it was shown with', () => {
    let state = toggleRow(emptySelection('f'), page1[0]!);
    expect(selectionRequest(state)).toEqual({ ids: ['a'], versions: { a: 1 } });
    state = toggleRow(state, page1[0]!);
    expect(state.rows.size).toBe(0);
  });

  it('selects across pages (paging and sorting keep the selection) and the header box reads each page', () => {
    let state = togglePage(emptySelection('f'), page1);
    state = toggleRow(state, page2[0]!);
    expect([...state.rows.keys()]).toEqual(['a', 'b', 'c']);
    expect(pageState(state, ['a', 'b'])).toBe('all');
    expect(pageState(state, ['c', 'd'])).toBe('some');
    expect(pageState(state, ['x'])).toBe('none');
    // The header box of a fully selected page takes that page out, and only it.
    state = togglePage(state, page1);
    expect([...state.rows.keys()]).toEqual(['c']);
  });

  it('a new filter empties the selection; the same filter keeps it', () => {
    const state = togglePage(emptySelection('status=open'), page1);
    expect(forFilter(state, 'status=open')).toBe(state);
    expect(forFilter(state, 'status=done').rows.size).toBe(0);
    expect(forFilter(undefined, 'x').filterKey).toBe('x');
  });

  it('selects all matching up to 1,000 and no more', () => {
    const many = Array.from({ length: BULK_MAX_IDS + 5 }, (_, index) => ({ id: `id-${index}` }));
    const state = selectRows(emptySelection('f'), many);
    expect(state.rows.size).toBe(BULK_MAX_IDS);
    expect(toggleRow(state, { id: 'one-more' }).rows.has('one-more')).toBe(false);
    expect(clearSelection(state).rows.size).toBe(0);
  });

  it('after an action the rows done leave and the failed ones stay with their reason', () => {
    let state = selectRows(emptySelection('f'), [...page1, ...page2]);
    state = applyResults(state, [
      { id: 'a', outcome: 'ok' },
      { id: 'b', outcome: 'conflict', reason: { code: 'conflict', message: 'geändert' } },
      { id: 'c', outcome: 'not_found' },
      { id: 'd', outcome: 'ok' },
      { id: 'unknown', outcome: 'invalid' },
    ]);
    expect([...state.rows.keys()]).toEqual(['b', 'c']);
    expect(state.rows.get('b')?.failure).toEqual({
      outcome: 'conflict',
      reason: { code: 'conflict', message: 'geändert' },
    });
    expect(state.rows.get('b')?.version).toBe(2);
  });

  it('splits a selection into batches of the given size', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 100)).toEqual([]);
  });
});
