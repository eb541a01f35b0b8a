import type { CellValue } from './table-cell-value';

/** A cell as compact data: its value, or the index of a value the table's rows share. */
export type CompactCell = CellValue | number;

/** One row as compact data: its React key, one value per column and an optional class. */
export type CompactRow = [key: string, cells: CompactCell[], className?: string];

/**
 * The address every row's link in a column shares around the row's own key (`/whitelist/` for
 * `/whitelist/{key}/`), per column, or undefined: such a column's cells travel as their text alone,
 * and the browser puts the address back together (DataTableRows).
 */
function recordLinkBases(rows: readonly (readonly [key: string, cells: CellValue[], className?: string])[]) {
  const columns = rows[0]?.[1].length ?? 0;
  return Array.from({ length: columns }, (_, column) => {
    let base: string | undefined;
    for (const [key, cells] of rows) {
      const cell = cells[column];
      if (!cell || typeof cell !== 'object' || !('href' in cell) || !cell.href.endsWith(`/${key}/`)) return undefined;
      const prefix = cell.href.slice(0, cell.href.length - key.length - 1);
      if (base !== undefined && prefix !== base) return undefined;
      base = prefix;
    }
    return base;
  });
}

/**
 * Rows as compact data: a value that several rows show (a status badge, a city, a date, a
 * distributor's name) travels once in `shared` and the cells name its index; a column whose every
 * cell links to its own row's record (`linkBases`) sends the links' texts only.
 */
export function compactRows(rows: readonly (readonly [key: string, cells: CellValue[], className?: string])[]): {
  rows: CompactRow[];
  shared: CellValue[];
  linkBases: (string | undefined)[];
} {
  const linkBases = recordLinkBases(rows);
  const plain = rows.map(
    ([key, cells, className]) =>
      [
        key,
        cells.map((cell, column) =>
          linkBases[column] !== undefined && cell && typeof cell === 'object' && 'href' in cell ? cell.text : cell,
        ),
        className,
      ] as const,
  );
  const seen = new Map<string, number>();
  for (const [, cells] of plain) {
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
    linkBases,
    rows: plain.map(([key, cells, className]) => {
      const compact = cells.map((cell) => (cell === null ? null : (indexOf.get(JSON.stringify(cell)) ?? cell)));
      return className ? [key, compact, className] : [key, compact];
    }),
  };
}
