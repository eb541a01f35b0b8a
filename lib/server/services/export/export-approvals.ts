import 'server-only';
import type { ApprovalExportQuery } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, type CsvCell } from '@/lib/server/http/csv';
import { selectApprovalPage } from '@/lib/server/services/approvals/approval-list-query';
import { toApprovalListItem } from '@/lib/server/services/approvals/approval-record';

const BATCH_ROWS = 1000;

export const APPROVAL_CSV_HEADER = [
  'Art',
  'Objekt',
  'Status',
  'Begründung',
  'Angefragt von',
  'Angefragt am',
  'Entschieden von',
  'Entschieden am',
  'Kommentar',
] as const;

const KIND_LABELS_DE: Record<string, string> = {
  account_activation: 'Kontoaktivierung',
  benefit_change: 'Leistungsänderung',
  account_archive: 'Archivierung',
  role_grant: 'Rollenvergabe',
};

const STATUS_LABELS_DE: Record<string, string> = {
  pending: 'Offen',
  approved: 'Freigegeben',
  rejected: 'Abgelehnt',
  withdrawn: 'Zurückgezogen',
  obsolete: 'Veraltet',
};

/** `GET /export/approvals.csv`: the filtered approvals in reach, every page, streamed in batches. */
export function exportApprovalsCsv(actor: Actor, query: ApprovalExportQuery): Response {
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectApprovalPage(db, actor, query, { limit: BATCH_ROWS, offset });
      for (const item of batch.map(toApprovalListItem)) {
        yield [
          KIND_LABELS_DE[item.kind],
          item.entityLabel,
          STATUS_LABELS_DE[item.status],
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
  return csvResponse({ fileName: `freigaben-${berlinIsoDate()}.csv`, header: APPROVAL_CSV_HEADER, rows: rows() });
}
