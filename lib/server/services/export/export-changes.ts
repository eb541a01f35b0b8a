import 'server-only';
import type { ChangeExportQuery } from '@/lib/schemas/change';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, type CsvCell } from '@/lib/server/http/csv';
import { csvHeader, csvTexts, labelOf, type CsvLocale } from '@/lib/server/http/csv-texts';
import { selectChangePage } from '@/lib/server/services/changes/change-list-query';
import { formatChangeValue } from './change-value';

const BATCH_ROWS = 1000;

const CHANGE_COLUMNS = ['at', 'actor', 'entityType', 'entity', 'action', 'fields', 'id'] as const;

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
export function exportChangesCsv(actor: Actor, query: ChangeExportQuery, locale: CsvLocale = 'de'): Response {
  const texts = csvTexts(locale);
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    let after: string | undefined;
    for (;;) {
      const batch = await selectChangePage(db, actor, query, { limit: BATCH_ROWS, offset: 0, after });
      for (const row of batch) {
        yield [
          germanDateTime.format(row.at).replace(', ', ' '),
          row.actorLabel,
          labelOf(texts.entityType, row.entityType),
          row.entityLabel,
          labelOf(texts.action, row.action),
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
  return csvResponse({
    fileName: `historie-${berlinIsoDate()}.csv`,
    header: csvHeader(texts, 'changes', CHANGE_COLUMNS),
    rows: rows(),
    locale,
  });
}
