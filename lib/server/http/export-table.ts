import 'server-only';
import { csvResponse, formatGermanDateTime, type CsvCell } from './csv';
import type { CsvLocale } from './csv-texts';
import { xlsxResponse, type ColumnKind, type ExportColumn } from './xlsx';

/** The two formats of every list export: `…/{resource}.csv` and `…/{resource}.xlsx`. */
export type ExportFormat = 'csv' | 'xlsx';

/**
 * One export as a table, whatever the format: the columns (header and kind), the rows as typed
 * cells (text, numbers, Dates) read lazily in batches, the file name without its extension and
 * the sheet's name. `exportResponse` writes it as the CSV (text as today: dates TT.MM.JJJJ,
 * `datetime` columns TT.MM.JJJJ HH:MM) or as the XLSX (typed cells).
 */
export interface ExportTable {
  fileName: string;
  sheetName: string;
  columns: readonly ExportColumn[];
  rows: AsyncIterable<readonly CsvCell[]>;
  locale: CsvLocale;
}

/** Header texts and kinds side by side, as the services declare them. */
export function exportColumns(headers: readonly string[], kinds: readonly ColumnKind[]): ExportColumn[] {
  if (headers.length !== kinds.length) throw new Error(`${headers.length} headers but ${kinds.length} kinds`);
  return headers.map((header, index) => ({ header, kind: kinds[index]! }));
}

async function* asCsvCells(
  rows: AsyncIterable<readonly CsvCell[]>,
  columns: readonly ExportColumn[],
): AsyncGenerator<readonly CsvCell[]> {
  const dateTimes = columns.flatMap((column, index) => (column.kind === 'datetime' ? [index] : []));
  for await (const row of rows) {
    if (dateTimes.length === 0) {
      yield row;
      continue;
    }
    const cells = row.slice();
    for (const index of dateTimes) {
      const cell = cells[index];
      if (cell instanceof Date) cells[index] = formatGermanDateTime(cell);
    }
    yield cells;
  }
}

/** The download of an export table in the asked format. */
export function exportResponse(format: ExportFormat, table: ExportTable): Response {
  if (format === 'xlsx') {
    return xlsxResponse({
      fileName: `${table.fileName}.xlsx`,
      sheetName: table.sheetName,
      columns: table.columns,
      rows: table.rows,
      locale: table.locale,
    });
  }
  return csvResponse({
    fileName: `${table.fileName}.csv`,
    header: table.columns.map((column) => column.header),
    rows: asCsvCells(table.rows, table.columns),
    locale: table.locale,
  });
}
