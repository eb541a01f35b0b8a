import 'server-only';
import { csvLocaleOfRequest } from '../csv-texts';
import * as op from '../operations/export';
import { route } from '../route';
import { exportAccountsCsv } from '@/lib/server/services/export/export-accounts';

export const accountsCsv = route(op.accountsCsv, async ({ actor, query, req }) =>
  exportAccountsCsv(actor, query, csvLocaleOfRequest(req, actor)),
);
