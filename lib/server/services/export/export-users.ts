import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, type CsvCell } from '@/lib/server/http/csv';
import { selectUserPage, type UserFilters } from '@/lib/server/services/users/user-list-query';
import { ROLE_LABELS_DE, USER_STATUS_LABELS_DE } from '@/lib/server/services/users/user-rules';

const BATCH_ROWS = 1000;

export const USER_CSV_HEADER = [
  'Nachname',
  'Vorname',
  'E-Mail',
  'Rolle',
  'Konto',
  'Status',
  'Letzte Anmeldung',
  'Angelegt am',
] as const;

/**
 * `GET /export/users.csv`: the user list as the caller filtered and sorted it, every page of it,
 * only users in reach (SPEC §4), read in batches of 1,000 as the client downloads.
 */
export function exportUsersCsv(actor: Actor, query: UserFilters): Response {
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectUserPage(db, actor, query, { limit: BATCH_ROWS, offset });
      for (const row of batch) {
        yield [
          row.lastName,
          row.firstName,
          row.email,
          ROLE_LABELS_DE[row.role],
          row.accountName ?? '',
          USER_STATUS_LABELS_DE[row.status],
          row.lastLoginAt,
          row.createdAt,
        ];
      }
      if (batch.length < BATCH_ROWS) return;
    }
  }

  return csvResponse({ fileName: `benutzer-${berlinIsoDate()}.csv`, header: USER_CSV_HEADER, rows: rows() });
}
