/**
 * Header mapping for the importers (issue 49): each column has a key and the names it may carry
 * (German as the templates write them, English as the API's field names); matching ignores case,
 * spaces, dots, hyphens and underscores, so "USt-IdNr.", "ust idnr" and "vatId" are one column.
 */

export interface ColumnSpec<K extends string = string> {
  key: K;
  /** The template's German header first. */
  names: readonly string[];
  required?: boolean;
}

export const normaliseHeader = (name: string) =>
  name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s._\-/()]+/g, '');

export type HeaderResult<K extends string> =
  | { ok: true; index: Map<K, number> }
  | { ok: false; code: 'header_unknown' | 'header_duplicate' | 'header_missing'; column: string };

export function mapHeader<K extends string>(
  cells: readonly string[],
  specs: readonly ColumnSpec<K>[],
): HeaderResult<K> {
  const byName = new Map<string, K>();
  for (const spec of specs) {
    for (const name of spec.names) byName.set(normaliseHeader(name), spec.key);
    byName.set(normaliseHeader(spec.key), spec.key);
  }
  const index = new Map<K, number>();
  for (const [position, cell] of cells.entries()) {
    if (cell.trim() === '') continue;
    const key = byName.get(normaliseHeader(cell));
    if (key === undefined) return { ok: false, code: 'header_unknown', column: cell.trim().slice(0, 100) };
    if (index.has(key)) return { ok: false, code: 'header_duplicate', column: cell.trim().slice(0, 100) };
    index.set(key, position);
  }
  const missing = specs.find((spec) => spec.required && !index.has(spec.key));
  if (missing) return { ok: false, code: 'header_missing', column: missing.names[0] ?? missing.key };
  return { ok: true, index };
}

/** The row's cell for `key` (trimmed; '' when the column is absent or the row shorter). */
export const cellOf = <K extends string>(cells: readonly string[], index: Map<K, number>, key: K): string => {
  const position = index.get(key);
  return position === undefined ? '' : (cells[position] ?? '').trim();
};

/** A blank row (every cell empty) is skipped by the importers. */
export const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');
