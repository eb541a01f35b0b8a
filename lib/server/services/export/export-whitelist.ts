import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, type CsvCell } from '@/lib/server/http/csv';
import {
  selectPage,
  toWhitelistEntry,
  whitelistToday,
  type WhitelistFilters,
} from '@/lib/server/services/whitelist/whitelist-query';

const BATCH_ROWS = 1000;

export const WHITELIST_CSV_HEADER = [
  'Wert',
  'Art',
  'Konto',
  'Notiz',
  'Gültig bis',
  'Abgelaufen',
  'Angelegt am',
] as const;
const KIND_LABELS_DE = { email: 'E-Mail', domain: 'Domain' } as const;

/**
 * `GET /export/whitelist.csv`: the whitelist as the caller filtered and sorted it, only entries in
 * reach, read in batches of 1,000 as the client downloads. Values as people read them (Unicode domains).
 */
export function exportWhitelistCsv(actor: Actor, query: WhitelistFilters): Response {
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    const today = whitelistToday();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectPage(db, actor, query, today, { limit: BATCH_ROWS, offset });
      for (const row of batch) {
        const entry = toWhitelistEntry(row, today);
        yield [
          entry.displayValue,
          KIND_LABELS_DE[entry.kind],
          entry.accountName,
          entry.note,
          entry.validUntil ? new Date(`${entry.validUntil}T12:00:00Z`) : null,
          entry.isExpired ? 'ja' : 'nein',
          row.createdAt,
        ];
      }
      if (batch.length < BATCH_ROWS) return;
    }
  }

  return csvResponse({ fileName: `whitelist-${berlinIsoDate()}.csv`, header: WHITELIST_CSV_HEADER, rows: rows() });
}
