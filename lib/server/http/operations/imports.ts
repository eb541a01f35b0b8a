import 'server-only';
import { idParamsSchema } from '@/lib/schemas/common';
import {
  IMPORT_MAX_BYTES,
  IMPORT_XLSX_TYPE,
  importQuerySchema,
  importReportSchema,
  storedImportSchema,
} from '@/lib/schemas/import';
import { defineOperation } from '../operation';

const tag = 'Import';

const TEMPLATE_CSV = { contentTypes: ['text/csv'] } as const;
const TEMPLATE_XLSX = { contentTypes: [IMPORT_XLSX_TYPE] } as const;

const KIT =
  'CSV (UTF-8 with or without BOM, or Windows-1252; `;` or `,`) or XLSX (first sheet; told by its zip signature), at most 16 MiB and 50,000 rows (413 beyond); an XLSX unpacking to more than 100 MB, more than 200 columns, a 0-byte file → 422. A formula cell is never evaluated: its row is an error. `dryRun=1` answers the report (issues by line: error, duplicate, exists); a real run stores all or nothing (any error → 422 with the lines, nothing stored) and answers the report with its stored id (GET /imports/{id}). Reading stops at the 1,000th error (422 with the report so far as `current`). The same file again: every row `exists`, nothing changes';

export const accounts = defineOperation({
  method: 'POST',
  path: '/accounts/import',
  summary: `Account import (issue 49): one row per account — Name, Rechtsform, Übergeordnetes Konto (customer number, or a name in the same file), Vertriebspartner (e-mail), address, contact, USt-IdNr., Mitarbeitende and one column per benefit code (the amount). New accounts are drafts, through the form's schema and create, each with its history entry. ${KIT}`,
  tag,
  access: 'accounts.write',
  query: importQuerySchema,
  rawBody: { contentType: IMPORT_XLSX_TYPE },
  maxBodyBytes: IMPORT_MAX_BYTES,
  response: importReportSchema,
  errors: [403, 413],
});

export const accountsTemplateCsv = defineOperation({
  method: 'GET',
  path: '/accounts/import/template.csv',
  summary: 'The account import’s template: German headers and one example row, CSV for German Excel',
  tag,
  access: 'accounts.write',
  file: TEMPLATE_CSV,
});

export const accountsTemplateXlsx = defineOperation({
  method: 'GET',
  path: '/accounts/import/template.xlsx',
  summary: 'The account import’s template as XLSX (header row frozen)',
  tag,
  access: 'accounts.write',
  file: TEMPLATE_XLSX,
});

export const users = defineOperation({
  method: 'POST',
  path: '/users/import',
  summary: `User import (issue 49): one invitation per row — E-Mail, Vorname, Nachname, Rolle, Konto (customer number), Sprache — through the invitation service (mail, who may invite whom; a manager imports nobody: 403). Rows granting administrator or back office file a role_grant approval instead of taking effect (and need a fresh step-up, 403). ${KIT}`,
  tag,
  access: 'users.write',
  query: importQuerySchema,
  rawBody: { contentType: IMPORT_XLSX_TYPE },
  maxBodyBytes: IMPORT_MAX_BYTES,
  response: importReportSchema,
  errors: [403, 413],
});

export const usersTemplateCsv = defineOperation({
  method: 'GET',
  path: '/users/import/template.csv',
  summary: 'The user import’s template: German headers and one example row, CSV for German Excel',
  tag,
  access: 'users.write',
  file: TEMPLATE_CSV,
});

export const usersTemplateXlsx = defineOperation({
  method: 'GET',
  path: '/users/import/template.xlsx',
  summary: 'The user import’s template as XLSX (header row frozen)',
  tag,
  access: 'users.write',
  file: TEMPLATE_XLSX,
});

export const get = defineOperation({
  method: 'GET',
  path: '/imports/[id]',
  summary:
    'A stored import report (account, user or whitelist import): counts and at most 1,000 issues by line. Admin and back office read all, everyone else their own imports (404 otherwise)',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  response: storedImportSchema,
  errors: [404],
});
