import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, type CsvCell } from '@/lib/server/http/csv';
import { exportColumns, exportResponse, type ExportFormat } from '@/lib/server/http/export-table';
import type { ColumnKind } from '@/lib/server/http/xlsx';
import { csvHeader, csvTexts, labelOf, type CsvLocale } from '@/lib/server/http/csv-texts';
import { selectDocumentPage, type DocumentFilters } from '@/lib/server/services/documents/document-list-query';

const BATCH_ROWS = 1000;

const DOCUMENT_COLUMNS = ['title', 'category', 'account', 'file', 'version', 'size', 'updatedAt', 'createdAt'] as const;

const DOCUMENT_KINDS: ColumnKind[] = ['text', 'text', 'text', 'text', 'integer', 'count', 'date', 'date'];

/**
 * `GET /export/documents.csv` and `.xlsx`: the document list as the caller filtered and sorted it, every page
 * of it, only documents in reach (SPEC §4), read in batches of 1,000 as the client downloads.
 */
export function exportDocuments(
  actor: Actor,
  query: DocumentFilters,
  locale: CsvLocale = 'de',
  format: ExportFormat = 'csv',
): Response {
  const texts = csvTexts(locale);
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectDocumentPage(db, actor, query, { limit: BATCH_ROWS, offset });
      for (const row of batch) {
        yield [
          row.title,
          labelOf(texts.documentCategory, row.category),
          row.accountName ?? texts.headers.documents.general,
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

  return exportResponse(format, {
    fileName: `dokumente-${berlinIsoDate()}`,
    sheetName: locale === 'en' ? 'Documents' : 'Dokumente',
    columns: exportColumns(csvHeader(texts, 'documents', DOCUMENT_COLUMNS.slice()), DOCUMENT_KINDS),
    rows: rows(),
    locale,
  });
}
