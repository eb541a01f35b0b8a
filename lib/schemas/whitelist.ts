import { z } from './zod';
import { calendarDay } from './calendar-day';
import { bulkActionSchema, versionedBulkActionSchema } from './bulk';
import { boundedListResponseSchema, deepestCountedPage, listQuerySchema, queryBoolean } from './list';
import { problem } from './problems';
import { singleLineText } from './text';
import {
  normaliseEmail,
  normaliseWhitelistValue,
  WHITELIST_KINDS,
  type WhitelistValueProblem,
} from './whitelist-value';
import { WHITELIST_NOTE_MAX } from './whitelist-normalise';

export { WHITELIST_KINDS };
export const whitelistKindSchema = z.enum(WHITELIST_KINDS);

/** The CSV import's limits (SPEC §4): rows after the header, and bytes of the upload. */
export const WHITELIST_IMPORT_MAX_ROWS = 50_000;
export const WHITELIST_IMPORT_MAX_BYTES = 16 * 1024 * 1024;
export { WHITELIST_NOTE_MAX };

const VALUE_MESSAGES: Record<WhitelistValueProblem, string> = {
  value_missing: 'Pflichtfeld.',
  invalid_email: 'Keine gültige E-Mail-Adresse.',
  invalid_domain: 'Keine gültige Domain.',
};

/**
 * An e-mail address or a domain as typed: answers the stored form (lower case, the domain in
 * punycode). The kind follows from the value (`@` → e-mail).
 */
export const whitelistValueSchema = singleLineText()
  .max(254 * 2)
  .transform((input, ctx) => {
    const result = normaliseWhitelistValue(input);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: VALUE_MESSAGES[result.problem], params: { problem: result.problem } });
    return z.NEVER;
  });

export const whitelistNoteSchema = singleLineText().max(WHITELIST_NOTE_MAX);
/** A calendar day `JJJJ-MM-TT`: the entry counts through the end of that day in Germany. */
export const whitelistValidUntilSchema = calendarDay().nullable();

export const whitelistCreateSchema = z
  .strictObject({
    accountId: z.uuid(),
    value: whitelistValueSchema,
    note: whitelistNoteSchema.default(''),
    validUntil: whitelistValidUntilSchema.default(null),
  })
  .meta({ id: 'WhitelistEntryCreate' });
export type WhitelistCreateInput = z.input<typeof whitelistCreateSchema>;

export const whitelistUpdateSchema = z
  .strictObject({
    value: whitelistValueSchema,
    note: whitelistNoteSchema,
    validUntil: whitelistValidUntilSchema,
    version: z.number().int().min(1),
  })
  .partial()
  .meta({ id: 'WhitelistEntryUpdate' });
export type WhitelistUpdateInput = z.input<typeof whitelistUpdateSchema>;

export const whitelistEntrySchema = z
  .object({
    id: z.uuid(),
    accountId: z.uuid(),
    accountName: z.string(),
    kind: whitelistKindSchema,
    /** As stored: lower case, domains in punycode. */
    value: z.string(),
    /** For people: the domain part in Unicode. */
    displayValue: z.string(),
    note: z.string(),
    validUntil: z.iso.date().nullable(),
    isExpired: z.boolean(),
    createdById: z.uuid().nullable(),
    createdByName: z.string().nullable(),
    version: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'WhitelistEntry' });
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;

export const whitelistListItemSchema = whitelistEntrySchema
  .pick({
    id: true,
    accountId: true,
    accountName: true,
    kind: true,
    value: true,
    displayValue: true,
    note: true,
    validUntil: true,
    isExpired: true,
    createdAt: true,
  })
  .meta({ id: 'WhitelistListItem' });
export type WhitelistListItem = z.infer<typeof whitelistListItemSchema>;

export const WHITELIST_SORT_FIELDS = ['value', 'kind', 'accountName', 'validUntil', 'createdAt'] as const;
const whitelistListFilters = listQuerySchema(WHITELIST_SORT_FIELDS, 'value').extend({
  accountId: z.uuid().optional(),
  kind: whitelistKindSchema.optional(),
  /** true: only entries past their validUntil; false: only those still valid. */
  expired: queryBoolean.optional(),
});
/**
 * The list counts at most this many matches, then says "more than" (`totalIsLowerBound`): counting
 * 1,000 takes a few ms, counting all 250,000 held the event loop (issue 24).
 */
export const MAX_COUNTED_WHITELIST_ENTRIES = 1_000;
/** A page number reaches as deep as the count does, so no request skips more entries than that. */
export const whitelistListQuerySchema = whitelistListFilters
  .strict()
  .refine((query) => query.page <= deepestCountedPage(MAX_COUNTED_WHITELIST_ENTRIES, query.perPage), {
    message: problem('whitelistPageBeyondCount'),
    path: ['page'],
  })
  .meta({ id: 'WhitelistListQuery' });
export type WhitelistListQuery = z.infer<typeof whitelistListQuerySchema>;
export const whitelistListSchema = boundedListResponseSchema(
  whitelistListItemSchema,
  MAX_COUNTED_WHITELIST_ENTRIES,
).meta({
  id: 'WhitelistList',
});
export const whitelistExportQuerySchema = whitelistListFilters
  .omit({ page: true, perPage: true })
  .strict()
  .meta({ id: 'WhitelistExportQuery' });

/* The portal's check */

export const whitelistCheckQuerySchema = z
  .strictObject({
    email: singleLineText()
      .min(1)
      .max(254 * 2)
      .transform((input, ctx) => {
        const address = normaliseEmail(input);
        if (address) return address;
        ctx.addIssue({ code: 'custom', message: VALUE_MESSAGES.invalid_email });
        return z.NEVER;
      }),
  })
  .meta({ id: 'WhitelistCheckQuery' });
export const whitelistCheckSchema = z
  .object({ allowed: z.boolean(), accountIds: z.array(z.uuid()) })
  .meta({ id: 'WhitelistCheck' });
export type WhitelistCheck = z.infer<typeof whitelistCheckSchema>;

/* CSV import */

export const whitelistImportQuerySchema = z
  .strictObject({
    accountId: z.uuid(),
    /** `1`/`true`: only the report, nothing stored. */
    dryRun: queryBoolean.default(false),
  })
  .meta({ id: 'WhitelistImportQuery' });
export type WhitelistImportQuery = z.infer<typeof whitelistImportQuerySchema>;

/**
 * Why a line of the file is not imported. Errors stop the import; duplicates are left out
 * (`duplicate_in_file`: the value appears on an earlier line; `duplicate_stored`: the account has it).
 */
export const WHITELIST_IMPORT_ERRORS = [
  'header_invalid',
  'csv_malformed',
  'encoding',
  'column_count',
  'value_missing',
  'invalid_email',
  'invalid_domain',
  'invalid_text',
  'note_too_long',
  'invalid_date',
  'formula',
] as const;
export const WHITELIST_IMPORT_DUPLICATES = ['duplicate_in_file', 'duplicate_stored'] as const;
export const whitelistImportIssueCodeSchema = z.enum([...WHITELIST_IMPORT_ERRORS, ...WHITELIST_IMPORT_DUPLICATES]);
export type WhitelistImportIssueCode = z.infer<typeof whitelistImportIssueCodeSchema>;

/** The report lists at most this many issues (errors first); the counts are always complete. */
export const WHITELIST_IMPORT_MAX_ISSUES = 1000;
/** Reading a file stops at this many errors: 422 with the report up to that line (issue 24). */
export const WHITELIST_IMPORT_MAX_ERRORS = 1000;

export const whitelistImportReportSchema = z
  .object({
    accountId: z.uuid(),
    dryRun: z.boolean(),
    /** Lines read after the header, blank and malformed ones included (they count toward the 50,000). */
    rows: z.number().int(),
    valid: z.number().int(),
    duplicates: z.number().int(),
    errors: z.number().int(),
    /** Entries stored (0 for a dry run). */
    imported: z.number().int(),
    issues: z.array(
      z.object({
        line: z.number().int(),
        severity: z.enum(['error', 'duplicate']),
        code: whitelistImportIssueCodeSchema,
        value: z.string(),
        /** duplicate_in_file: the line that has the value first. */
        firstLine: z.number().int().nullable(),
      }),
    ),
    issuesTruncated: z.boolean(),
    /** The first valid rows, as they would be stored. */
    preview: z.array(
      z.object({
        line: z.number().int(),
        kind: whitelistKindSchema,
        value: z.string(),
        displayValue: z.string(),
        note: z.string(),
        validUntil: z.iso.date().nullable(),
      }),
    ),
  })
  .meta({ id: 'WhitelistImportReport' });
export type WhitelistImportReport = z.infer<typeof whitelistImportReportSchema>;

/** `POST /whitelist/bulk`: delete entries, or set or clear their `validUntil` (issue 26). */
export const whitelistBulkSchema = z
  .discriminatedUnion('action', [
    versionedBulkActionSchema('delete', {}).meta({ id: 'WhitelistBulkDelete' }),
    // Issue 51: the undo of a bulk delete (the same rules as POST /whitelist/{id}/restore).
    bulkActionSchema('restore', {}).meta({ id: 'WhitelistBulkRestore' }),
    versionedBulkActionSchema('set_valid_until', { validUntil: whitelistValidUntilSchema }).meta({
      id: 'WhitelistBulkSetValidUntil',
    }),
  ])
  .meta({ id: 'WhitelistBulk' });
export type WhitelistBulkInput = z.input<typeof whitelistBulkSchema>;
