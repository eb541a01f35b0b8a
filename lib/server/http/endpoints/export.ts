import 'server-only';
import { csvLocaleOfRequest } from '../csv-texts';
import * as op from '../operations/export';
import { route } from '../route';
import { exportAccounts } from '@/lib/server/services/export/export-accounts';

export const accountsCsv = route(op.accountsCsv, async ({ actor, query, req }) =>
  exportAccounts(actor, query, csvLocaleOfRequest(req, actor), 'csv'),
);

export const accountsXlsx = route(op.accountsXlsx, async ({ actor, query, req }) =>
  exportAccounts(actor, query, csvLocaleOfRequest(req, actor), 'xlsx'),
);
