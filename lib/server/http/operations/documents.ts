import 'server-only';
import { asOfQuerySchema, asOfViewSchema } from '@/lib/schemas/as-of';
import { z } from '@/lib/schemas/zod';
import { documentBulkSchema } from '@/lib/schemas/document';
import { bulkOperation } from '../bulk-operation';
import { idParamsSchema } from '@/lib/schemas/common';
import { DOCUMENT_FILE_TYPES } from '@/lib/schemas/document-files';
import {
  documentContentQuerySchema,
  documentCreateFieldsSchema,
  documentExportQuerySchema,
  documentListQuerySchema,
  documentListSchema,
  documentSchema,
  documentUpdateSchema,
  documentVersionFieldsSchema,
  documentVersionParamsSchema,
} from '@/lib/schemas/document';
import { CSV_EXPORT, XLSX_EXPORT, defineOperation } from '../operation';

const tag = 'Documents';

export const list = defineOperation({
  method: 'GET',
  path: '/documents',
  summary:
    'Documents in reach (general documents for everyone; account documents in the account reach), filtered by category, accountId, general (only those without an account) and q (title, description, file name), sorted and paged',
  tag,
  access: 'documents.read',
  query: documentListQuerySchema,
  response: documentListSchema,
});

export const create = defineOperation({
  method: 'POST',
  path: '/documents',
  summary:
    'Upload a document (multipart/form-data: title, category, accountId or empty for a general document (admin and back office only), description, and the file `file`). At most MAX_UPLOAD_BYTES (413); PDF, PNG, JPEG, DOCX, XLSX, CSV or TXT whose content matches its name and declared type (415); SHA-256 stored',
  tag,
  access: 'documents.write',
  multipart: true,
  body: documentCreateFieldsSchema,
  response: documentSchema,
  etag: (document) => document.version,
  location: (document) => `/documents/${document.id}`,
  successStatus: 201,
  errors: [404, 413, 415],
});

export const get = defineOperation({
  method: 'GET',
  path: '/documents/[id]',
  summary:
    'One document in reach with its versions (newest first); ETag = version; with asOf the record as of that moment, rebuilt from the history (AsOfView: fields changed since, whether its entries verify; 422 before it existed)',
  tag,
  access: 'documents.read',
  params: idParamsSchema,
  query: asOfQuerySchema,
  response: z.union([documentSchema, asOfViewSchema]),
  etag: (answer) => ('version' in answer ? answer.version : undefined),
  errors: [404, 422],
});

export const update = defineOperation({
  method: 'PATCH',
  path: '/documents/[id]',
  summary: 'Change title, category, description; needs If-Match (or version)',
  tag,
  access: 'documents.write',
  params: idParamsSchema,
  body: documentUpdateSchema,
  response: documentSchema,
  etag: (document) => document.version,
  ifMatch: 'required',
  errors: [404, 409, 428],
});

export const remove = defineOperation({
  method: 'DELETE',
  path: '/documents/[id]',
  summary: 'Soft delete (admin and back office only); needs If-Match. The document leaves every list and download',
  tag,
  access: 'documents.write',
  params: idParamsSchema,
  ifMatch: 'required',
  errors: [404, 409, 428],
});

export const addVersion = defineOperation({
  method: 'POST',
  path: '/documents/[id]/versions',
  summary:
    'Upload a new version (multipart/form-data with the file `file`; same limits and checks as the first); older versions stay downloadable. Optional If-Match: only onto that version of the document (409 otherwise)',
  tag,
  access: 'documents.write',
  multipart: true,
  params: idParamsSchema,
  body: documentVersionFieldsSchema,
  response: documentSchema,
  etag: (document) => document.version,
  location: (document) => `/documents/${document.id}/versions/${document.currentVersion}/content`,
  ifMatch: 'optional',
  successStatus: 201,
  errors: [404, 409, 413, 415],
});

export const content = defineOperation({
  method: 'GET',
  path: '/documents/[id]/versions/[n]/content',
  summary:
    'The file of version n, as an attachment with an RFC 6266 file name, nosniff and a CSP sandbox; `inline=1` shows PDFs and images in the browser instead',
  tag,
  access: 'documents.read',
  params: documentVersionParamsSchema,
  query: documentContentQuerySchema,
  file: { contentTypes: DOCUMENT_FILE_TYPES.map((type) => type.mimeType), etag: 'The file’s SHA-256 (a strong ETag).' },
  errors: [404],
});

export const exportCsv = defineOperation({
  method: 'GET',
  path: '/export/documents.csv',
  summary:
    'The document list as CSV for German Excel (UTF-8 with BOM, `;`, TT.MM.JJJJ), streamed: same filters and sort as GET /documents, no paging, only documents in reach',
  tag: 'Export',
  access: 'documents.read',
  file: CSV_EXPORT,
  query: documentExportQuerySchema,
});

export const exportXlsx = defineOperation({
  method: 'GET',
  path: '/export/documents.xlsx',
  summary:
    'The document list as an Excel workbook (XLSX, one sheet), streamed: the same rows, filters, sort and reach as the CSV; typed cells (dates as dates, numbers as numbers), a frozen bold header with an auto filter, text formula-safe as in the CSV',
  tag: 'Export',
  access: 'documents.read',
  file: XLSX_EXPORT,
  query: documentExportQuerySchema,
});

export const bulk = bulkOperation({
  path: '/documents/bulk',
  tag,
  access: 'documents.write',
  body: documentBulkSchema,
  actions: 'Set the category of documents, or delete them',
});

export const restore = defineOperation({
  method: 'POST',
  path: '/documents/[id]/restore',
  summary:
    'Restore a deleted document within RESTORE_WINDOW_DAYS (default 30): administrators and back office, and whoever deleted it within 2 minutes (the toast\u2019s undo); 422 after the window, when its account was archived since',
  tag,
  access: 'documents.write',
  params: idParamsSchema,
  successStatus: 204,
  errors: [403, 404, 422],
});
