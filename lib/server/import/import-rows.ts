import 'server-only';
import type { ZodError } from 'zod';
import {
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_ISSUES,
  IMPORT_MAX_ROWS,
  type ImportIssue,
  type ImportReport,
} from '@/lib/schemas/import';
import { problemKeyOf } from '@/lib/schemas/problems';
import { ApiError } from '@/lib/server/http/api-error';
import { timeSlicer } from '@/lib/server/time-slicer';
import { type ColumnSpec, cellOf, isBlankRow, mapHeader } from './header-map';
import { openTable, type TableRow } from './read-table';

/**
 * The importers' common run (issue 49): the header row mapped to columns, every later row handed
 * to the importer with a `cell(key)` reader, issues collected by line, at most IMPORT_MAX_ROWS data
 * rows (413 beyond, nothing stored) and reading stopped at the IMPORT_MAX_ERRORS-th error (422 with
 * the report so far, also for a dry run).
 */

export class IssueList {
  readonly items: ImportIssue[] = [];
  errors = 0;
  add(issue: Omit<ImportIssue, 'firstLine' | 'column' | 'value'> & Partial<ImportIssue>) {
    if (issue.severity === 'error') this.errors += 1;
    this.items.push({ column: null, value: '', firstLine: null, ...issue });
  }
  error(line: number, code: string, column: string | null = null, value = '') {
    this.add({ line, severity: 'error', code, column, value: value.slice(0, 200) });
  }
  /** The issues by line (errors before duplicates on one line), capped for the report. */
  sorted(): { issues: ImportIssue[]; issuesTruncated: boolean } {
    const rank = { error: 0, duplicate: 1, exists: 2 } as const;
    const all = [...this.items].sort((a, b) => a.line - b.line || rank[a.severity] - rank[b.severity]);
    return { issues: all.slice(0, IMPORT_MAX_ISSUES), issuesTruncated: all.length > IMPORT_MAX_ISSUES };
  }
}

export interface ReadRows<K extends string> {
  format: 'csv' | 'xlsx';
  /** Data rows read (blank ones count). */
  total: number;
  stoppedAtLine: number | null;
  header: Map<K, string>;
}

const tooManyRows = () =>
  new ApiError(
    'payload_too_large',
    `Die Datei hat mehr als ${IMPORT_MAX_ROWS.toLocaleString('de-DE')} Zeilen; es wurde nichts gespeichert.`,
    { details: [{ path: 'file', message: 'too_many_rows' }] },
  );

/** The header as the file names each column (for the issues' `column`). */
export async function readImportRows<K extends string>(
  bytes: Buffer,
  specs: readonly ColumnSpec<K>[],
  issues: IssueList,
  handle: (row: TableRow, cell: (key: K) => string, header: Map<K, string>) => void,
): Promise<ReadRows<K>> {
  const table = await openTable(bytes);
  const pause = timeSlicer();
  let index: Map<K, number> | null = null;
  const header = new Map<K, string>();
  let total = 0;
  let stoppedAtLine: number | null = null;
  for await (const row of table.rows) {
    if (index === null) {
      if (row.problem === null && isBlankRow(row.cells)) continue;
      if (row.problem) {
        issues.error(row.line, row.problem);
        break;
      }
      const mapped = mapHeader(row.cells, specs);
      if (!mapped.ok) {
        issues.error(row.line, mapped.code, mapped.column, mapped.column);
        break;
      }
      index = mapped.index;
      for (const [key, position] of index) header.set(key, row.cells[position]!.trim());
      continue;
    }
    total += 1;
    if (total > IMPORT_MAX_ROWS) throw tooManyRows();
    if (row.problem) {
      const column = row.problemColumn === undefined ? null : headerAt(index, header, row.problemColumn);
      issues.error(row.line, row.problem, column);
    } else if (!isBlankRow(row.cells)) {
      const known = index;
      handle(row, (key) => cellOf(row.cells, known, key), header);
    }
    if (issues.errors >= IMPORT_MAX_ERRORS) {
      stoppedAtLine = row.line;
      break;
    }
    await pause();
  }
  if (index === null && issues.errors === 0) issues.error(1, 'header_missing');
  return { format: table.format, total, stoppedAtLine, header };
}

function headerAt<K extends string>(index: Map<K, number>, header: Map<K, string>, position: number): string | null {
  for (const [key, at] of index) if (at === position) return header.get(key) ?? key;
  return null;
}

/** A schema's refusal as issues on `line`, each naming the column (by the file's header) and its problem key. */
export function schemaIssues(
  issues: IssueList,
  line: number,
  error: ZodError,
  columnOf: (path: readonly PropertyKey[]) => string | null,
  valueOf: (path: readonly PropertyKey[]) => string,
) {
  for (const issue of error.issues) {
    issues.error(line, problemKeyOf(issue.message) ?? issue.code, columnOf(issue.path), valueOf(issue.path));
  }
}

/** 422 when reading stopped at the error limit (the report so far as `current`) or, for a real run, when any row is wrong. */
export function assertImportable(report: ImportReport, stoppedAtLine: number | null, issues: IssueList) {
  const details = () =>
    issues
      .sorted()
      .issues.filter((issue) => issue.severity === 'error')
      .slice(0, 100)
      .map((issue) => ({ path: `line.${issue.line}`, message: issue.code }));
  if (stoppedAtLine !== null) {
    throw new ApiError(
      'validation_failed',
      `Die Datei hat ${IMPORT_MAX_ERRORS.toLocaleString('de-DE')} fehlerhafte Zeilen bis Zeile ${stoppedAtLine.toLocaleString('de-DE')}; dort wurde das Lesen beendet und nichts gespeichert.`,
      { details: details(), current: report },
    );
  }
  if (!report.dryRun && report.errors > 0) {
    throw new ApiError('validation_failed', `Die Datei hat ${report.errors} Fehler; es wurde nichts gespeichert.`, {
      details: details(),
      current: report,
    });
  }
}
