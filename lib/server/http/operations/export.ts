import 'server-only';
import { accountExportQuerySchema } from '@/lib/schemas/account';
import { CSV_EXPORT, defineOperation } from '../operation';

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
