import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, type CsvCell } from '@/lib/server/http/csv';
import { exportColumns, exportResponse, type ExportFormat } from '@/lib/server/http/export-table';
import type { ColumnKind } from '@/lib/server/http/xlsx';
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

const USER_KINDS: ColumnKind[] = ['text', 'text', 'text', 'text', 'text', 'text', 'date', 'date'];

/**
 * `GET /export/users.csv` and `.xlsx`: the user list as the caller filtered and sorted it, every page of it,
 * only users in reach (SPEC §4), read in batches of 1,000 as the client downloads; each batch's
 * people go to `onPeople` (the access log).
 */
export function exportUsers(
  actor: Actor,
  query: UserFilters,
  locale: CsvLocale = 'de',
  format: ExportFormat = 'csv',
  /** Told each batch's people as they are read (the access log, issue 51). */
  onPeople: (ids: string[]) => void = () => {},
): Response {
  const texts = csvTexts(locale);
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectUserPage(db, actor, query, { limit: BATCH_ROWS, offset });
      onPeople(batch.map((row) => row.id));
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

  return exportResponse(format, {
    fileName: `benutzer-${berlinIsoDate()}`,
    sheetName: locale === 'en' ? 'Users' : 'Benutzer',
    columns: exportColumns(csvHeader(texts, 'users', USER_COLUMNS), USER_KINDS),
    rows: rows(),
    locale,
  });
}
