import 'server-only';
import type { AccountExportQuery } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, type CsvCell } from '@/lib/server/http/csv';
import { exportColumns, exportResponse, type ExportFormat } from '@/lib/server/http/export-table';
import type { ColumnKind } from '@/lib/server/http/xlsx';
import { csvHeader, csvTexts, labelOf, type CsvLocale } from '@/lib/server/http/csv-texts';
import {
  accountExportColumns,
  resolveAccountFilters,
  selectAccountPage,
} from '@/lib/server/services/accounts/account-list-query';
import { personName } from '@/lib/server/services/accounts/account-record';

const BATCH_ROWS = 1000;

const ACCOUNT_COLUMNS = [
  'customerNumber',
  'name',
  'legalForm',
  'status',
  'zip',
  'city',
  'distributor',
  'employeeCount',
  'createdAt',
  'updatedAt',
] as const;

const ACCOUNT_KINDS: ColumnKind[] = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'count', 'date', 'date'];

/**
 * `GET /export/accounts.csv` and `.xlsx`: the account list as the user filtered and sorted it, every page of
 * it, only rows in reach (SPEC §4). Rows are read in batches of 1,000 as the client downloads, so
 * memory stays flat however large the export. The manager view adds the manager as first column.
 */
export function exportAccounts(
  actor: Actor,
  query: AccountExportQuery,
  locale: CsvLocale = 'de',
  format: ExportFormat = 'csv',
): Response {
  const texts = csvTexts(locale);
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
          labelOf(texts.accountStatus, row.status),
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

  return exportResponse(format, {
    fileName: `konten-${berlinIsoDate()}`,
    sheetName: locale === 'en' ? 'Accounts' : 'Konten',
    columns: exportColumns(
      csvHeader(texts, 'accounts', byManager ? ['manager', ...ACCOUNT_COLUMNS] : ACCOUNT_COLUMNS),
      byManager ? ['text', ...ACCOUNT_KINDS] : ACCOUNT_KINDS,
    ),
    locale,
    rows: rows(),
  });
}
