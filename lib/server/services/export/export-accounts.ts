import 'server-only';
import type { AccountExportQuery, AccountStatus } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, type CsvCell } from '@/lib/server/http/csv';
import {
  accountExportColumns,
  resolveAccountFilters,
  selectAccountPage,
} from '@/lib/server/services/accounts/account-list-query';
import { personName } from '@/lib/server/services/accounts/account-record';

const BATCH_ROWS = 1000;

export const ACCOUNT_STATUS_LABELS_DE: Record<AccountStatus, string> = {
  draft: 'Entwurf',
  active: 'Aktiv',
  suspended: 'Gesperrt',
  archived: 'Archiviert',
};

export const ACCOUNT_CSV_HEADER = [
  'Kundennummer',
  'Name',
  'Rechtsform',
  'Status',
  'PLZ',
  'Ort',
  'Vertrieb',
  'Mitarbeitende',
  'Angelegt am',
  'Geändert am',
] as const;

/**
 * `GET /export/accounts.csv`: the account list as the user filtered and sorted it, every page of
 * it, only rows in reach (SPEC §4). Rows are read in batches of 1,000 as the client downloads, so
 * memory stays flat however large the export. The manager view adds the manager as first column.
 */
export function exportAccountsCsv(actor: Actor, query: AccountExportQuery): Response {
  const byManager = query.view === 'manager';

  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    const filters = await resolveAccountFilters(db, query);
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectAccountPage(db, actor, filters, accountExportColumns, { limit: BATCH_ROWS, offset });
      for (const row of batch) {
        const cells: CsvCell[] = [
          row.customerNumber,
          row.name,
          row.legalForm,
          ACCOUNT_STATUS_LABELS_DE[row.status],
          row.zip,
          row.city,
          personName(row.distributorFirstName, row.distributorLastName) ?? '',
          row.employeeCount,
          row.createdAt,
          row.updatedAt,
        ];
        yield byManager ? [personName(row.managerFirstName, row.managerLastName) ?? '', ...cells] : cells;
      }
      if (batch.length < BATCH_ROWS) return;
    }
  }

  return csvResponse({
    fileName: `konten-${berlinIsoDate()}.csv`,
    header: byManager ? ['Manager', ...ACCOUNT_CSV_HEADER] : ACCOUNT_CSV_HEADER,
    rows: rows(),
  });
}
