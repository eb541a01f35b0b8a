import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, type CsvCell } from '@/lib/server/http/csv';
import { exportColumns, exportResponse, type ExportFormat } from '@/lib/server/http/export-table';
import type { ColumnKind } from '@/lib/server/http/xlsx';
import { csvHeader, csvTexts, labelOf, type CsvLocale } from '@/lib/server/http/csv-texts';
import {
  selectPage,
  toWhitelistEntry,
  whitelistToday,
  type WhitelistFilters,
} from '@/lib/server/services/whitelist/whitelist-query';

const BATCH_ROWS = 1000;

const WHITELIST_COLUMNS = ['value', 'kind', 'account', 'note', 'validUntil', 'expired', 'createdAt'] as const;

const WHITELIST_KINDS: ColumnKind[] = ['text', 'text', 'text', 'text', 'date', 'text', 'date'];

/**
 * `GET /export/whitelist.csv` and `.xlsx`: the whitelist as the caller filtered and sorted it, only entries in
 * reach, read in batches of 1,000 as the client downloads. Values as people read them (Unicode domains).
 */
export function exportWhitelist(
  actor: Actor,
  query: WhitelistFilters,
  locale: CsvLocale = 'de',
  format: ExportFormat = 'csv',
): Response {
  const texts = csvTexts(locale);
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    const today = whitelistToday();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectPage(db, actor, query, today, { limit: BATCH_ROWS, offset });
      for (const row of batch) {
        const entry = toWhitelistEntry(row, today);
        yield [
          entry.displayValue,
          labelOf(texts.headers.whitelistKind, entry.kind),
          entry.accountName,
          entry.note,
          entry.validUntil ? new Date(`${entry.validUntil}T12:00:00Z`) : null,
          entry.isExpired ? texts.headers.yesNo.yes : texts.headers.yesNo.no,
          row.createdAt,
        ];
      }
      if (batch.length < BATCH_ROWS) return;
    }
  }

  return exportResponse(format, {
    fileName: `whitelist-${berlinIsoDate()}`,
    sheetName: 'Whitelist',
    columns: exportColumns(csvHeader(texts, 'whitelist', WHITELIST_COLUMNS), WHITELIST_KINDS),
    rows: rows(),
    locale,
  });
}
