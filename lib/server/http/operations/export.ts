import 'server-only';
import { accountExportQuerySchema } from '@/lib/schemas/account';
import { CSV_EXPORT, XLSX_EXPORT, defineOperation } from '../operation';

const tag = 'Export';

export const accountsCsv = defineOperation({
  method: 'GET',
  path: '/export/accounts.csv',
  summary:
    'The account list as CSV for German Excel (UTF-8 with BOM, `;`, TT.MM.JJJJ), streamed: same filters, sort and views as GET /accounts, no paging, only rows in reach',
  tag,
  access: 'accounts.read',
  file: CSV_EXPORT,
  query: accountExportQuerySchema,
});

export const accountsXlsx = defineOperation({
  method: 'GET',
  path: '/export/accounts.xlsx',
  summary:
    'The account list as an Excel workbook (XLSX, one sheet), streamed: the same rows, filters, sort and reach as the CSV; typed cells (dates as dates, numbers as numbers), a frozen bold header with an auto filter, text formula-safe as in the CSV',
  tag,
  access: 'accounts.read',
  file: XLSX_EXPORT,
  query: accountExportQuerySchema,
});
