import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, type CsvCell } from '@/lib/server/http/csv';
import { selectDocumentPage, type DocumentFilters } from '@/lib/server/services/documents/document-list-query';

const BATCH_ROWS = 1000;

export const DOCUMENT_CATEGORY_LABELS_DE = {
  contract: 'Vertrag',
  policy: 'Versicherungsschein',
  benefit_overview: 'Leistungsübersicht',
  invoice: 'Rechnung',
  employee_list: 'Mitarbeiterliste',
  other: 'Sonstiges',
} as const;

export const DOCUMENT_CSV_HEADER = [
  'Titel',
  'Kategorie',
  'Konto',
  'Datei',
  'Version',
  'Größe (Bytes)',
  'Geändert am',
  'Angelegt am',
] as const;

/**
 * `GET /export/documents.csv`: the document list as the caller filtered and sorted it, every page
 * of it, only documents in reach (SPEC §4), read in batches of 1,000 as the client downloads.
 */
export function exportDocumentsCsv(actor: Actor, query: DocumentFilters): Response {
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectDocumentPage(db, actor, query, { limit: BATCH_ROWS, offset });
      for (const row of batch) {
        yield [
          row.title,
          DOCUMENT_CATEGORY_LABELS_DE[row.category],
          row.accountName ?? 'Allgemein',
          row.fileName,
          row.currentVersion,
          row.sizeBytes,
          row.updatedAt,
          row.createdAt,
        ];
      }
      if (batch.length < BATCH_ROWS) return;
    }
  }

  return csvResponse({ fileName: `dokumente-${berlinIsoDate()}.csv`, header: DOCUMENT_CSV_HEADER, rows: rows() });
}
