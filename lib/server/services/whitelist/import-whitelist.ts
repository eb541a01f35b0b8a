import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  WHITELIST_IMPORT_MAX_BYTES,
  WHITELIST_IMPORT_MAX_ERRORS,
  WHITELIST_IMPORT_MAX_ISSUES,
  type WhitelistImportQuery,
  type WhitelistImportReport,
} from '@/lib/schemas/whitelist';
import { displayWhitelistValue } from '@/lib/schemas/whitelist-value';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { rowsOf } from '@/lib/server/db/rows';
import type { DbOrTx } from '@/lib/server/db/types';
import { recordChange } from '@/lib/server/history/record-change';
import { ApiError } from '@/lib/server/http/api-error';
import { timeSlicer } from '@/lib/server/time-slicer';
import { assertNotArchived, requireAccountRow } from '@/lib/server/services/accounts/account-record';
import { parseWhitelistCsv, type ParsedFile, type ParsedRow } from './parse-whitelist-csv';
import { parseWhitelistTable } from './parse-whitelist-table';
import { isXlsx, openTable, readUpload } from '@/lib/server/import/read-table';
import { IMPORT_XLSX_TYPE } from '@/lib/schemas/import';
import { requireWritableAccount } from './whitelist-record';
import { storeImport } from '@/lib/server/services/imports/store-import';

/**
 * Rows per statement. The embedded database (PGlite) runs each statement on the event loop, and no
 * request may hold it > 250 ms (issue 24). Inserting costs most — every row goes into the search
 * indexes' trigram GINs too, and the first statements read those indexes' pages from disk: 250 rows
 * took 40 ms (median) but up to 1.4 s for the first and 230–490 ms for others on this 2-core machine
 * under load (issue 45: health held 318–723 ms); 100 rows take at most 180 ms in the same run. The
 * duplicate probe reads only, ~30 ms per 1,000 rows. Between statements other requests run. The
 * trigram indexes merge their pending lists in steps of 64 kB (migration 0039), so no insert merges 4 MB.
 * Smaller statements also leave the embedded database's never-shrinking memory smaller.
 */
const INSERT_ROWS_PER_STATEMENT = 100;
const PROBE_ROWS_PER_STATEMENT = 1_000;
const PREVIEW_ROWS = 20;
const CSV_TYPES = /^(text\/(csv|plain|comma-separated-values)|application\/(octet-stream|vnd\.ms-excel|csv))\b/i;

/** The rows as one typed set for the database: one parameter, whatever the number of rows. */
const asRecordset = (rows: readonly ParsedRow[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(
    rows.map((row) => ({ kind: row.kind, value: row.value, note: row.note, valid_until: row.validUntil })),
  )}::jsonb) as r(kind text, value text, note text, valid_until date)`;

/** Which of `rows` the account has already: set-based probes of the unique (account, kind, value) index. */
async function storedKeys(db: DbOrTx, accountId: string, rows: readonly ParsedRow[]): Promise<Set<string>> {
  const keys = new Set<string>();
  const pause = timeSlicer();
  for (let start = 0; start < rows.length; start += PROBE_ROWS_PER_STATEMENT) {
    await pause();
    const found = await rowsOf<{ kind: string; value: string }>(
      db,
      sql`select w.kind, w.value from ${asRecordset(rows.slice(start, start + PROBE_ROWS_PER_STATEMENT))}
          join whitelist_entries w on w.account_id = ${accountId} and w.kind = r.kind and w.value = r.value`,
    );
    for (const row of found) keys.add(`${row.kind}:${row.value}`);
  }
  return keys;
}

/**
 * `POST /whitelist/import?accountId=…[&dryRun=1]` (SPEC §4): streams the CSV, reports every line
 * that is an error or a duplicate (in the file or already stored) with its number, and — unless a
 * dry run — stores the new rows all or nothing in one transaction with one history entry that
 * carries the counts. A file with errors stores nothing (422 with the lines); reading stops at the
 * 1,000th error (422 also for a dry run, with the report so far as the error's `current`).
 */
export async function importWhitelist(
  actor: Actor,
  query: WhitelistImportQuery,
  req: Request,
): Promise<WhitelistImportReport> {
  const contentType = req.headers.get('content-type') ?? '';
  const isSheet = contentType.startsWith(IMPORT_XLSX_TYPE);
  if (!CSV_TYPES.test(contentType) && !isSheet) {
    throw new ApiError(
      'unsupported_media_type',
      'Erwartet wird eine CSV-Datei (text/csv) oder eine Excel-Datei (XLSX).',
    );
  }
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > WHITELIST_IMPORT_MAX_BYTES) {
    throw new ApiError('payload_too_large', `Die Datei ist größer als ${WHITELIST_IMPORT_MAX_BYTES} Bytes.`, {
      details: [{ path: 'file', message: 'too_large' }],
    });
  }
  const db = await getDb();
  // Before a byte is read: the account must be in reach and writable.
  assertNotArchived(await requireAccountRow(db, actor, query.accountId));

  let parsed: ParsedFile;
  if (isSheet) {
    // XLSX through the import kit (issue 49): the zip bounded, the first sheet streamed, formulas refused.
    const bytes = await readUpload(req, WHITELIST_IMPORT_MAX_BYTES);
    if (bytes.length > 0 && !isXlsx(bytes)) {
      throw new ApiError('unsupported_media_type', 'Die Datei ist keine Excel-Datei (XLSX).');
    }
    parsed = await parseWhitelistTable((await openTable(bytes)).rows);
  } else {
    const body = req.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
    parsed = await parseWhitelistCsv(body as unknown as AsyncIterable<Uint8Array>, WHITELIST_IMPORT_MAX_BYTES);
  }

  const firstLineOf = new Map<string, number>();
  const unique: ParsedRow[] = [];
  const issues: WhitelistImportReport['issues'] = parsed.errors.map((issue) => ({
    ...issue,
    severity: 'error' as const,
    firstLine: null,
  }));
  const duplicateIssues: WhitelistImportReport['issues'] = [];
  // 50,000 rows: yield now and then, as the parser does (issue 24).
  const pause = timeSlicer();
  for (const row of parsed.rows) {
    await pause();
    const key = `${row.kind}:${row.value}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      duplicateIssues.push({
        line: row.line,
        severity: 'duplicate',
        code: 'duplicate_in_file',
        value: row.value,
        firstLine: first,
      });
      continue;
    }
    firstLineOf.set(key, row.line);
    unique.push(row);
  }
  const stored = await storedKeys(db, query.accountId, unique);
  const fresh: ParsedRow[] = [];
  for (const row of unique) {
    await pause();
    if (stored.has(`${row.kind}:${row.value}`)) {
      duplicateIssues.push({
        line: row.line,
        severity: 'duplicate',
        code: 'duplicate_stored',
        value: row.value,
        firstLine: null,
      });
    } else {
      fresh.push(row);
    }
  }
  duplicateIssues.sort((a, b) => a.line - b.line);
  issues.push(...duplicateIssues);

  const report: WhitelistImportReport = {
    accountId: query.accountId,
    dryRun: query.dryRun,
    rows: parsed.total,
    valid: fresh.length,
    duplicates: duplicateIssues.length,
    errors: parsed.errors.length,
    imported: 0,
    issues: issues.slice(0, WHITELIST_IMPORT_MAX_ISSUES),
    issuesTruncated: issues.length > WHITELIST_IMPORT_MAX_ISSUES,
    preview: fresh.slice(0, PREVIEW_ROWS).map((row) => ({
      line: row.line,
      kind: row.kind,
      value: row.value,
      displayValue: displayWhitelistValue(row.kind, row.value),
      note: row.note,
      validUntil: row.validUntil,
    })),
  };
  if (parsed.stoppedAtLine !== null) {
    // A file this broken is not read to its end (issue 24): 422 with the report up to that line.
    throw new ApiError(
      'validation_failed',
      `Die Datei hat ${WHITELIST_IMPORT_MAX_ERRORS.toLocaleString('de-DE')} fehlerhafte Zeilen bis Zeile ${parsed.stoppedAtLine.toLocaleString('de-DE')}; dort wurde das Lesen beendet und nichts gespeichert.`,
      {
        details: parsed.errors.slice(0, 100).map((issue) => ({ path: `line.${issue.line}`, message: issue.code })),
        current: report,
      },
    );
  }
  if (query.dryRun) return report;
  if (parsed.errors.length > 0) {
    throw new ApiError(
      'validation_failed',
      `Die Datei hat ${parsed.errors.length} fehlerhafte Zeilen; es wurde nichts gespeichert.`,
      {
        details: parsed.errors.slice(0, 100).map((issue) => ({ path: `line.${issue.line}`, message: issue.code })),
      },
    );
  }

  // The report is stored under the id the history entry carries, so the entry links to it (issue 49).
  const importId = randomUUID();
  const imported = await db.transaction(async (tx) => {
    const account = await requireWritableAccount(tx, actor, query.accountId);
    let count = 0;
    for (let start = 0; start < fresh.length; start += INSERT_ROWS_PER_STATEMENT) {
      await pause();
      const chunk = fresh.slice(start, start + INSERT_ROWS_PER_STATEMENT);
      // Rows stored meanwhile by someone else are duplicates too: left out, not an error.
      const [row] = await rowsOf<{ n: number | string }>(
        tx,
        sql`with inserted as (
              insert into whitelist_entries (account_id, kind, value, note, valid_until, created_by_id)
              select ${query.accountId}::uuid, r.kind, r.value, r.note, r.valid_until, ${actor.id}::uuid from ${asRecordset(chunk)}
              on conflict (account_id, kind, value) do nothing
              returning 1)
            select count(*) as n from inserted`,
      );
      count += Number(row?.n ?? 0);
    }
    const stored: WhitelistImportReport = {
      ...report,
      imported: count,
      valid: count,
      duplicates: report.duplicates + (fresh.length - count),
    };
    await storeImport(tx, actor, { id: importId, kind: 'whitelist', accountId: query.accountId, report: stored });
    await recordChange(tx, {
      actor,
      entityType: 'whitelist_entry',
      entityId: importId,
      entityLabel: `CSV-Import ${account.name}`,
      accountId: query.accountId,
      action: 'create',
      fields: [
        { field: 'rows', before: null, after: parsed.total },
        { field: 'imported', before: null, after: count },
        { field: 'duplicates', before: null, after: duplicateIssues.length + (fresh.length - count) },
      ],
    });
    return count;
  });
  return { ...report, imported, valid: imported, duplicates: report.duplicates + (fresh.length - imported) };
}
