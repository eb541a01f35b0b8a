import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, type CsvCell } from '@/lib/server/http/csv';
import { csvHeader, csvTexts, labelOf, type CsvLocale } from '@/lib/server/http/csv-texts';
import { selectUserPage, type UserFilters } from '@/lib/server/services/users/user-list-query';

const BATCH_ROWS = 1000;

const USER_COLUMNS = [
  'lastName',
  'firstName',
  'email',
  'role',
  'account',
  'status',
  'lastLoginAt',
  'createdAt',
] as const;

/**
 * `GET /export/users.csv`: the user list as the caller filtered and sorted it, every page of it,
 * only users in reach (SPEC §4), read in batches of 1,000 as the client downloads.
 */
export function exportUsersCsv(actor: Actor, query: UserFilters, locale: CsvLocale = 'de'): Response {
  const texts = csvTexts(locale);
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectUserPage(db, actor, query, { limit: BATCH_ROWS, offset });
      for (const row of batch) {
        yield [
          row.lastName,
          row.firstName,
          row.email,
          labelOf(texts.roles, row.role),
          row.accountName ?? '',
          labelOf(texts.userStatus, row.status),
          row.lastLoginAt,
          row.createdAt,
        ];
      }
      if (batch.length < BATCH_ROWS) return;
    }
  }

  return csvResponse({
    fileName: `benutzer-${berlinIsoDate()}.csv`,
    header: csvHeader(texts, 'users', USER_COLUMNS),
    rows: rows(),
    locale,
  });
}
