import 'server-only';
import { asOfQuerySchema, asOfViewSchema } from '@/lib/schemas/as-of';
import { z } from '@/lib/schemas/zod';
import { whitelistBulkSchema } from '@/lib/schemas/whitelist';
import { bulkOperation } from '../bulk-operation';
import { idParamsSchema } from '@/lib/schemas/common';
import {
  WHITELIST_IMPORT_MAX_BYTES,
  whitelistCheckQuerySchema,
  whitelistCheckSchema,
  whitelistCreateSchema,
  whitelistEntrySchema,
  whitelistExportQuerySchema,
  whitelistImportQuerySchema,
  whitelistImportReportSchema,
  whitelistListQuerySchema,
  whitelistListSchema,
  whitelistUpdateSchema,
} from '@/lib/schemas/whitelist';
import { CSV_EXPORT, XLSX_EXPORT, defineOperation } from '../operation';

const tag = 'Whitelist';

export const list = defineOperation({
  method: 'GET',
  path: '/whitelist',
  summary:
    'Whitelist entries of the accounts in reach, filtered by accountId, kind, expired (validUntil before today in Germany) and q (part of the value or note), sorted (validUntil: entries without one last ascending, first descending) and paged. The total is exact up to 1,000 (else totalIsLowerBound); page numbers reach the first 1,000 entries (deeper: 422)',
  tag,
  access: 'whitelist.read',
  query: whitelistListQuerySchema,
  response: whitelistListSchema,
});

export const create = defineOperation({
  method: 'POST',
  path: '/whitelist',
  summary:
    'One entry for an account in reach: the value is trimmed and lower-cased, a domain (also an address’s domain) stored in punycode, the kind follows from `@`; a value the account has already → 409',
  tag,
  access: 'whitelist.write',
  body: whitelistCreateSchema,
  response: whitelistEntrySchema,
  etag: (entry) => entry.version,
  location: (entry) => `/whitelist/${entry.id}`,
  successStatus: 201,
  errors: [404, 409],
});

export const get = defineOperation({
  method: 'GET',
  path: '/whitelist/[id]',
  summary:
    'One entry in reach; ETag = version; with asOf the record as of that moment, rebuilt from the history (AsOfView: fields changed since, whether its entries verify; 422 before it existed)',
  tag,
  access: 'whitelist.read',
  params: idParamsSchema,
  query: asOfQuerySchema,
  response: z.union([whitelistEntrySchema, asOfViewSchema]),
  etag: (answer) => ('version' in answer ? answer.version : undefined),
  errors: [404, 422],
});

export const update = defineOperation({
  method: 'PATCH',
  path: '/whitelist/[id]',
  summary: 'Change value, note or validUntil; needs If-Match (or version); a value the account has already → 409',
  tag,
  access: 'whitelist.write',
  params: idParamsSchema,
  body: whitelistUpdateSchema,
  response: whitelistEntrySchema,
  etag: (entry) => entry.version,
  ifMatch: 'required',
  errors: [404, 409, 428],
});

export const remove = defineOperation({
  method: 'DELETE',
  path: '/whitelist/[id]',
  summary: 'Delete an entry; needs If-Match; the history keeps it',
  tag,
  access: 'whitelist.write',
  params: idParamsSchema,
  successStatus: 204,
  ifMatch: 'required',
  errors: [404, 409, 428],
});

export const importCsv = defineOperation({
  method: 'POST',
  path: '/whitelist/import',
  summary:
    'CSV import for one account (SPEC §4): UTF-8 with or without BOM, `;` or `,` (from the header line), quoted fields, CRLF or LF, header `value;note;validUntil` (validUntil JJJJ-MM-TT or TT.MM.JJJJ), kind from `@`, at most 50,000 lines after the header, blank and malformed ones included (more → 413, nothing stored). `dryRun=1` answers the report only; otherwise a file without errors is stored in one transaction (duplicates left out) with one history entry, and a file with errors → 422 with nothing stored. Reading stops at the 1,000th error: 422 (also for a dry run) with the report up to that line in the error’s `current`',
  tag,
  access: 'whitelist.write',
  query: whitelistImportQuerySchema,
  rawBody: { contentType: 'text/csv' },
  maxBodyBytes: WHITELIST_IMPORT_MAX_BYTES,
  response: whitelistImportReportSchema,
  errors: [404, 413, 415],
});

export const check = defineOperation({
  method: 'GET',
  path: '/whitelist/check',
  summary:
    'The portal’s question: may this address register, and for which accounts? An entry with the exact address or its domain (Unicode or punycode, any case) that has not expired (validUntil through the end of that day in Germany), among the accounts in reach',
  tag,
  access: 'whitelist.check',
  query: whitelistCheckQuerySchema,
  response: whitelistCheckSchema,
});

export const exportCsv = defineOperation({
  method: 'GET',
  path: '/export/whitelist.csv',
  summary:
    'The whitelist as CSV for German Excel (UTF-8 with BOM, `;`, TT.MM.JJJJ), streamed: same filters and sort as GET /whitelist, no paging, only entries in reach',
  tag: 'Export',
  access: 'whitelist.read',
  file: CSV_EXPORT,
  query: whitelistExportQuerySchema,
});

export const exportXlsx = defineOperation({
  method: 'GET',
  path: '/export/whitelist.xlsx',
  summary:
    'The whitelist as an Excel workbook (XLSX, one sheet), streamed: the same rows, filters, sort and reach as the CSV; typed cells (dates as dates, numbers as numbers), a frozen bold header with an auto filter, text formula-safe as in the CSV',
  tag: 'Export',
  access: 'whitelist.read',
  file: XLSX_EXPORT,
  query: whitelistExportQuerySchema,
});

export const bulk = bulkOperation({
  path: '/whitelist/bulk',
  tag,
  access: 'whitelist.write',
  body: whitelistBulkSchema,
  actions: 'Delete whitelist entries, or set or clear their validUntil',
});

export const restore = defineOperation({
  method: 'POST',
  path: '/whitelist/[id]/restore',
  summary:
    'Restore a deleted whitelist entry within RESTORE_WINDOW_DAYS (default 30): administrators and back office, and whoever deleted it within 2 minutes (the toast\u2019s undo); 422 after the window, when its account was archived since, or the same value was entered again',
  tag,
  access: 'whitelist.write',
  params: idParamsSchema,
  successStatus: 204,
  errors: [403, 404, 422],
});
