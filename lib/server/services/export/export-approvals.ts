import 'server-only';
import type { ApprovalExportQuery } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, type CsvCell } from '@/lib/server/http/csv';
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

/** `GET /export/approvals.csv`: the filtered approvals in reach, every page, streamed in batches. */
export function exportApprovalsCsv(actor: Actor, query: ApprovalExportQuery, locale: CsvLocale = 'de'): Response {
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
  return csvResponse({
    fileName: `freigaben-${berlinIsoDate()}.csv`,
    header: csvHeader(texts, 'approvals', APPROVAL_COLUMNS),
    rows: rows(),
    locale,
  });
}
