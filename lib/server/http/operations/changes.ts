import 'server-only';
import {
  changeExportQuerySchema,
  changeListQuerySchema,
  changeListSchema,
  changeSchema,
  changeCheckpointSchema,
  changeVerificationSchema,
} from '@/lib/schemas/change';
import { idParamsSchema } from '@/lib/schemas/common';
import { CSV_EXPORT, XLSX_EXPORT, defineOperation } from '../operation';

const tag = 'History';

export const list = defineOperation({
  method: 'GET',
  path: '/changes',
  summary:
    'The change history in reach, newest first; filters entityType, entityId (with the approvals about it), action, actorId, accountId, from/to (German calendar days), q on the entity label. The total is exact up to 10,000 (else totalIsLowerBound); pass nextCursor as `after` for the next page (keyset)',
  tag,
  access: 'history.read',
  query: changeListQuerySchema,
  response: changeListSchema,
});

export const verify = defineOperation({
  method: 'GET',
  path: '/changes/verify',
  summary:
    'Administrators: walks the history’s hash chain (hash = SHA-256(previous hash || canonical entry)), checks every entry’s and personal value’s HMAC under AUDIT_CHAIN_KEY and holds the chains against the newest checkpoint in AUDIT_CHECKPOINT_FILE; names the first broken link; 200 also when broken (see ok)',
  tag,
  access: 'history.read',
  response: changeVerificationSchema,
  errors: [403],
});

export const checkpoint = defineOperation({
  method: 'POST',
  path: '/changes/checkpoint',
  summary:
    'Administrators: checkpoints every chain’s head now (as the hourly job does): one signed JSON line to the log and AUDIT_CHECKPOINT_FILE, which later checks hold the chains against',
  tag,
  access: 'history.read',
  response: changeCheckpointSchema,
  errors: [403],
});

export const get = defineOperation({
  method: 'GET',
  path: '/changes/[id]',
  summary:
    'One history entry with its fields (before/after). The history is append-only: there is no way to change or delete it',
  tag,
  access: 'history.read',
  params: idParamsSchema,
  response: changeSchema,
  errors: [404],
});

export const exportCsv = defineOperation({
  method: 'GET',
  path: '/export/changes.csv',
  summary:
    'The history as CSV for German Excel (UTF-8 with BOM, `;`), streamed: same filters as GET /changes, no paging, only entries in reach',
  tag: 'Export',
  access: 'history.read',
  file: CSV_EXPORT,
  query: changeExportQuerySchema,
});

export const exportXlsx = defineOperation({
  method: 'GET',
  path: '/export/changes.xlsx',
  summary:
    'The history as an Excel workbook (XLSX, one sheet), streamed: the same rows, filters, sort and reach as the CSV; typed cells (dates as dates, numbers as numbers), a frozen bold header with an auto filter, text formula-safe as in the CSV',
  tag: 'Export',
  access: 'history.read',
  file: XLSX_EXPORT,
  query: changeExportQuerySchema,
});
