import 'server-only';
import type { ApprovalExportQuery } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, type CsvCell } from '@/lib/server/http/csv';
import { exportColumns, exportResponse, type ExportFormat } from '@/lib/server/http/export-table';
import type { ColumnKind } from '@/lib/server/http/xlsx';
import { csvHeader, csvTexts, labelOf, type CsvLocale } from '@/lib/server/http/csv-texts';
import { selectApprovalPage } from '@/lib/server/services/approvals/approval-list-query';
import { toApprovalListItem } from '@/lib/server/services/approvals/approval-record';

const BATCH_ROWS = 1000;

const APPROVAL_COLUMNS = [
  'kind',
  'entity',
  'status',
  'reason',
  'requestedBy',
  'requestedAt',
  'decidedBy',
  'decidedAt',
  'comment',
] as const;

const APPROVAL_KINDS: ColumnKind[] = ['text', 'text', 'text', 'text', 'text', 'date', 'text', 'date', 'text'];

/** `GET /export/approvals.csv` and `.xlsx`: the filtered approvals in reach, every page, streamed in batches. */
export function exportApprovals(
  actor: Actor,
  query: ApprovalExportQuery,
  locale: CsvLocale = 'de',
  format: ExportFormat = 'csv',
): Response {
  const texts = csvTexts(locale);
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectApprovalPage(db, actor, query, { limit: BATCH_ROWS, offset });
      for (const item of batch.map(toApprovalListItem)) {
        yield [
          labelOf(texts.approvalKind, item.kind),
          item.entityLabel,
          labelOf(texts.approvalStatus, item.status),
          item.reason,
          item.requestedBy.name,
          new Date(item.requestedAt),
          item.decidedBy?.name ?? '',
          item.decidedAt ? new Date(item.decidedAt) : null,
          item.comment,
        ];
      }
      if (batch.length < BATCH_ROWS) return;
    }
  }
  return exportResponse(format, {
    fileName: `freigaben-${berlinIsoDate()}`,
    sheetName: locale === 'en' ? 'Approvals' : 'Freigaben',
    columns: exportColumns(csvHeader(texts, 'approvals', APPROVAL_COLUMNS), APPROVAL_KINDS),
    rows: rows(),
    locale,
  });
}
