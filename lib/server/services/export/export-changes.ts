import 'server-only';
import type { ChangeExportQuery } from '@/lib/schemas/change';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, type CsvCell } from '@/lib/server/http/csv';
import { selectChangePage } from '@/lib/server/services/changes/change-list-query';
import { formatChangeValue } from './change-value';

const BATCH_ROWS = 1000;

export const CHANGE_CSV_HEADER = ['Zeitpunkt', 'Benutzer', 'Objekttyp', 'Objekt', 'Aktion', 'Änderungen', 'ID'] as const;

const ENTITY_TYPE_LABELS_DE: Record<string, string> = {
  account: 'Konto',
  user: 'Benutzer',
  document: 'Dokument',
  task: 'Aufgabe',
  whitelist_entry: 'Whitelist-Eintrag',
  approval: 'Freigabe',
};

const ACTION_LABELS_DE: Record<string, string> = {
  create: 'Angelegt',
  update: 'Geändert',
  delete: 'Gelöscht',
  status_change: 'Status geändert',
  approve: 'Freigegeben',
  reject: 'Abgelehnt',
  withdraw: 'Zurückgezogen',
  upload: 'Hochgeladen',
  login_locked: 'Anmeldung gesperrt',
};

/** `21.11.2026 14:05`: a history entry needs the time of day, not only the date. */
const germanDateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * `GET /export/changes.csv`: the filtered history in reach, streamed in keyset batches of 1,000
 * (each batch starts behind the last row of the one before), so exporting a million entries never
 * re-reads skipped rows the way OFFSET batches would.
 */
export function exportChangesCsv(actor: Actor, query: ChangeExportQuery): Response {
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    let after: string | undefined;
    for (;;) {
      const batch = await selectChangePage(db, actor, query, { limit: BATCH_ROWS, offset: 0, after });
      for (const row of batch) {
        yield [
          germanDateTime.format(row.at).replace(', ', ' '),
          row.actorLabel,
          ENTITY_TYPE_LABELS_DE[row.entityType] ?? row.entityType,
          row.entityLabel,
          ACTION_LABELS_DE[row.action] ?? row.action,
          row.fields
            .map((entry) => `${entry.field}: ${formatChangeValue(entry.before)} → ${formatChangeValue(entry.after)}`)
            .join(' | '),
          row.id,
        ];
      }
      if (batch.length < BATCH_ROWS) return;
      after = batch.at(-1)?.id;
    }
  }
  return csvResponse({ fileName: `historie-${berlinIsoDate()}.csv`, header: CHANGE_CSV_HEADER, rows: rows() });
}
