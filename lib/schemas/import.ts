import { z } from './zod';
import { whitelistImportReportSchema } from './whitelist';

/*
 * The import kit's limits and the report every importer answers (issue 49): accounts and users
 * (and the whitelist's XLSX) read CSV or XLSX through lib/server/import and report by line.
 */

/** The largest upload an importer reads (CSV or XLSX). */
export const IMPORT_MAX_BYTES = 16 * 1024 * 1024;
/** Data rows after the header (blank ones count). */
export const IMPORT_MAX_ROWS = 50_000;
/** Columns a header may have: a sheet of 10,000 columns is refused before its rows are read. */
export const IMPORT_MAX_COLUMNS = 200;
/** Cells read from a sheet in all (rows × columns). */
export const IMPORT_MAX_CELLS = 5_000_000;
/** An XLSX unpacked: at most this many bytes and zip entries. */
export const IMPORT_XLSX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const IMPORT_XLSX_MAX_ENTRIES = 1_000;
/** Reading stops at this many errors; the report lists at most this many issues. */
export const IMPORT_MAX_ERRORS = 1_000;
export const IMPORT_MAX_ISSUES = 1_000;

export const IMPORT_KINDS = ['accounts', 'users', 'whitelist'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const importIssueSchema = z.object({
  line: z.number().int().meta({ description: 'The line (CSV) or row (XLSX) in the file, 1 = the header' }),
  severity: z.enum(['error', 'duplicate', 'exists']),
  code: z
    .string()
    .meta({
      description: 'What is wrong: a field’s problem key or an import code (formula, encoding, parent_not_found, …)',
    }),
  column: z.string().nullable().meta({ description: 'The column (as in the header) the issue is about' }),
  value: z.string(),
  firstLine: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'A duplicate in the file: the line it first appeared on' }),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importQuerySchema = z
  .object({
    dryRun: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
  })
  .meta({ id: 'ImportQuery' });
export type ImportQuery = z.output<typeof importQuerySchema>;

export const importReportSchema = z
  .object({
    id: z.uuid().nullable().meta({ description: 'The stored report (a real run); null for a dry run' }),
    kind: z.enum(IMPORT_KINDS),
    format: z.enum(['csv', 'xlsx']),
    dryRun: z.boolean(),
    rows: z.number().int(),
    valid: z.number().int().meta({ description: 'Rows that are (or were) created' }),
    existing: z.number().int().meta({ description: 'Rows that exist already: left unchanged' }),
    duplicates: z.number().int(),
    errors: z.number().int(),
    imported: z.number().int(),
    approvals: z.number().int().meta({ description: 'Users: invitations that wait for a role-grant approval' }),
    issues: z.array(importIssueSchema),
    issuesTruncated: z.boolean(),
    preview: z.array(z.object({ line: z.number().int(), label: z.string(), detail: z.string() })),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof importReportSchema>;

export const storedImportSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(IMPORT_KINDS),
    actor: z.object({ id: z.uuid().nullable(), name: z.string() }),
    accountId: z.uuid().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    report: z.union([importReportSchema, whitelistImportReportSchema]),
  })
  .meta({ id: 'StoredImport' });
export type StoredImport = z.infer<typeof storedImportSchema>;
