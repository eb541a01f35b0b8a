import 'server-only';
import { WHITELIST_IMPORT_MAX_ERRORS, WHITELIST_IMPORT_MAX_ROWS } from '@/lib/schemas/whitelist';
import { isBlankRow } from '@/lib/server/import/header-map';
import type { TableRow } from '@/lib/server/import/read-table';
import { timeSlicer } from '@/lib/server/time-slicer';
import {
  COLUMNS,
  type Column,
  type ParsedFile,
  type ParsedRow,
  type RowIssue,
  readRow,
  tooManyRows,
} from './parse-whitelist-csv';

/**
 * The whitelist's rows from the import kit's table (issue 49: an XLSX's first sheet): the same
 * header (`value`, `note`, `validUntil`, any order and case), the same row rules (`readRow`) and
 * limits as the CSV, on the sheet's row numbers. A formula cell makes its row a `formula` error.
 */
export async function parseWhitelistTable(rows: AsyncIterable<TableRow>): Promise<ParsedFile> {
  const parsed: ParsedRow[] = [];
  const errors: RowIssue[] = [];
  const pause = timeSlicer();
  let index: Map<Column, number> | null = null;
  let width = 0;
  let total = 0;
  let stoppedAtLine: number | null = null;
  for await (const row of rows) {
    if (index === null) {
      if (row.problem === null && isBlankRow(row.cells)) continue;
      const cells = [...row.cells];
      while (cells.length > 0 && cells.at(-1)!.trim() === '') cells.pop();
      const names = cells.map((name) => name.trim().toLowerCase());
      const isKnown = names.every((name) => (COLUMNS as readonly string[]).includes(name));
      if (row.problem || !isKnown || !names.includes('value') || new Set(names).size !== names.length) {
        errors.push({ line: row.line, code: 'header_invalid', value: cells.join(';').slice(0, 200) });
        break;
      }
      index = new Map(names.map((name, position) => [name as Column, position]));
      width = names.length;
      continue;
    }
    total += 1;
    if (total > WHITELIST_IMPORT_MAX_ROWS) throw tooManyRows();
    let outcome: ReturnType<typeof readRow>;
    if (row.problem) {
      outcome = { issue: { line: row.line, code: row.problem === 'formula' ? 'formula' : 'encoding', value: '' } };
    } else {
      // A sheet leaves trailing empty cells out: the row has the header's width.
      const fields = row.cells.slice(0, width);
      while (fields.length < width) fields.push('');
      const overflow = row.cells.slice(width).some((cell) => cell.trim() !== '');
      outcome = overflow
        ? { issue: { line: row.line, code: 'column_count', value: (fields[index.get('value')!] ?? '').slice(0, 200) } }
        : readRow({ fields, line: row.line, endLine: row.line, malformed: false }, index, width);
    }
    if (outcome && 'row' in outcome) parsed.push(outcome.row);
    else if (outcome) {
      errors.push(outcome.issue);
      if (errors.length >= WHITELIST_IMPORT_MAX_ERRORS) {
        stoppedAtLine = row.line;
        break;
      }
    }
    await pause();
  }
  if (index === null && errors.length === 0) errors.push({ line: 1, code: 'header_invalid', value: '' });
  errors.sort((a, b) => a.line - b.line);
  return { rows: parsed, errors, total, stoppedAtLine };
}
