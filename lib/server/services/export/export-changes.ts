import 'server-only';
import type { ChangeExportQuery } from '@/lib/schemas/change';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, type CsvCell } from '@/lib/server/http/csv';
import { exportColumns, exportResponse, type ExportFormat } from '@/lib/server/http/export-table';
import type { ColumnKind } from '@/lib/server/http/xlsx';
import { csvHeader, csvTexts, labelOf, type CsvLocale } from '@/lib/server/http/csv-texts';
import { resolveChangeRow, selectChangePage } from '@/lib/server/services/changes/change-list-query';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { changes } from '@/lib/server/db/schema';
import { loadRefLookup } from '@/lib/server/history/ref-lookup';
import { formatChangeValue } from './change-value';

const BATCH_ROWS = 1000;

const CHANGE_COLUMNS = [
  'at',
  'actor',
  'entityType',
  'entity',
  'action',
  'fields',
  'id',
  'seq',
  'prevHash',
  'hash',
  'canonical',
] as const;

const CHANGE_KINDS: ColumnKind[] = [
  'datetime',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'integer',
  'text',
  'text',
  'text',
];

/** The stored entry's canonical form (people as references), what its hash covers. */
async function canonicalForms(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: changes.id,
      canonical: sql<string>`changes_canonical(${changes.chain}, ${changes.seq}, ${changes.id}, ${changes.at}, ${changes.actorId}, ${changes.actorLabel}, ${changes.entityType}, ${changes.entityId}, ${changes.entityLabel}, ${changes.accountId}, ${changes.action}, ${changes.fields}, ${changes.approvalId})`,
    })
    .from(changes)
    .where(inArray(changes.id, ids));
  return new Map(rows.map((row) => [row.id, row.canonical]));
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * `GET /export/changes.csv` and `.xlsx`: the filtered history in reach, streamed in keyset batches of 1,000
 * (each batch starts behind the last row of the one before), so exporting a million entries never
 * re-reads skipped rows the way OFFSET batches would.
 */
export function exportChanges(
  actor: Actor,
  query: ChangeExportQuery,
  locale: CsvLocale = 'de',
  format: ExportFormat = 'csv',
): Response {
  const texts = csvTexts(locale);
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    let after: string | undefined;
    for (;;) {
      const batch = await selectChangePage(db, actor, query, { limit: BATCH_ROWS, offset: 0, after });
      const [lookup, canonical] = await Promise.all([
        loadRefLookup(db, batch),
        canonicalForms(
          db,
          batch.map((row) => row.id),
        ),
      ]);
      for (const stored of batch) {
        const row = resolveChangeRow(stored, lookup);
        yield [
          // `datetime`: TT.MM.JJJJ HH:MM in the CSV, a date with its time in the XLSX.
          row.at,
          row.actorLabel,
          labelOf(texts.entityType, row.entityType),
          row.entityLabel,
          labelOf(texts.action, row.action),
          row.fields
            .map((entry) => `${entry.field}: ${formatChangeValue(entry.before)} → ${formatChangeValue(entry.after)}`)
            .join(' | '),
          row.id,
          row.seq,
          hex(row.prevHash),
          hex(row.hash),
          canonical.get(row.id) ?? '',
        ];
      }
      if (batch.length < BATCH_ROWS) return;
      after = batch.at(-1)?.id;
    }
  }
  return exportResponse(format, {
    fileName: `historie-${berlinIsoDate()}`,
    sheetName: locale === 'en' ? 'History' : 'Historie',
    columns: exportColumns(csvHeader(texts, 'changes', CHANGE_COLUMNS), CHANGE_KINDS),
    rows: rows(),
    locale,
  });
}
