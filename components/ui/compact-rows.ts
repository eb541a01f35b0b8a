import type { CellValue } from './table-cell-value';

/** A cell as compact data: its value, or the index of a value the table's rows share. */
export type CompactCell = CellValue | number;

/** One row as compact data: its React key, one value per column and an optional class. */
export type CompactRow = [key: string, cells: CompactCell[], className?: string];

/**
 * Rows as compact data: a value that several rows show (a status badge, a city, a date, a
 * distributor's name) travels once in `shared` and the cells name its index.
 */
export function compactRows(rows: readonly (readonly [key: string, cells: CellValue[], className?: string])[]): {
  rows: CompactRow[];
  shared: CellValue[];
} {
  const seen = new Map<string, number>();
  for (const [, cells] of rows) {
    for (const cell of cells) {
      // A value shorter than an index plus its share of the list is not worth sharing.
      if (cell === null || (typeof cell === 'string' && cell.length < 4)) continue;
      const json = JSON.stringify(cell);
      seen.set(json, (seen.get(json) ?? 0) + 1);
    }
  }
  const shared: CellValue[] = [];
  const indexOf = new Map<string, number>();
  for (const [json, count] of seen) {
    if (count < 2) continue;
    indexOf.set(json, shared.length);
    shared.push(JSON.parse(json) as CellValue);
  }
  return {
    shared,
    rows: rows.map(([key, cells, className]) => {
      const compact = cells.map((cell) => (cell === null ? null : (indexOf.get(JSON.stringify(cell)) ?? cell)));
      return className ? [key, compact, className] : [key, compact];
    }),
  };
}
