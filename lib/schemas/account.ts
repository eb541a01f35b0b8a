import { z } from './zod';
import { bulkActionSchema } from './bulk';
import { BENEFIT_CATALOGUE, BENEFIT_CODES } from './benefit-catalogue';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, listQuerySchema, listResponseSchema, queryBoolean } from './list';
import { multiLineText, singleLineText } from './text';
import { problem } from './problems';
import { ACCOUNT_STATUSES, LEGAL_FORMS, ZIP_MESSAGE_DE, isValidZip } from './account-rules';

export * from './account-rules';

export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;
export const MAX_ACCOUNT_DEPTH = 5;

export const benefitSchema = z
  .strictObject({
    code: z.enum(BENEFIT_CODES),
    amountCents: z.number().int().min(0).max(100_000_000),
    unit: z.enum(['month', 'working_day', 'year', 'occasion', 'percent']),
  })
  .refine((benefit) => BENEFIT_CATALOGUE.find((entry) => entry.code === benefit.code)?.unit === benefit.unit, {
    message: problem('benefitUnitMismatch'),
    path: ['unit'],
  });
export type Benefit = z.infer<typeof benefitSchema>;

export const benefitsSchema = z
  .array(benefitSchema)
  .max(BENEFIT_CATALOGUE.length)
  .refine((benefits) => new Set(benefits.map((benefit) => benefit.code)).size === benefits.length, {
    message: problem('benefitDuplicate'),
  });

const optionalText = (max: number) => singleLineText().max(max);

/** The editable master data; the same rules for the form and the API (SPEC §2 Account). */
const accountFields = {
  name: singleLineText().min(2).max(200),
  legalForm: z.enum(LEGAL_FORMS),
  street: optionalText(200),
  zip: optionalText(10),
  city: optionalText(100),
  country: singleLineText().regex(/^[A-Z]{2}$/, problem('countryCode')),
  contactName: optionalText(200),
  contactEmail: singleLineText().pipe(z.union([z.literal(''), z.email().max(254)])),
  contactPhone: optionalText(50).regex(/^[0-9+()\/\s-]*$/, problem('phoneChars')),
  vatId: z
    .union([z.literal(''), singleLineText().regex(/^DE\d{9}$/, problem('vatId'))])
    .nullable()
    .transform((value) => value || null),
  employeeCount: z.number().int().min(0).max(10_000_000),
  notes: multiLineText().max(5000),
  benefits: benefitsSchema,
};

function checkZip(value: { zip?: string; country?: string }, ctx: z.RefinementCtx) {
  if (value.zip !== undefined && !isValidZip(value.zip, value.country ?? 'DE')) {
    ctx.addIssue({ code: 'custom', path: ['zip'], message: ZIP_MESSAGE_DE });
  }
}

/**
 * A partial update may carry the zip without the country (or the other way round); only the
 * stored record knows the other half, so the API checks the merged record. Here: both or nothing.
 */
function checkZipWhenComplete(value: { zip?: string; country?: string }, ctx: z.RefinementCtx) {
  if (value.zip !== undefined && value.country !== undefined) checkZip(value, ctx);
}

export const accountCreateSchema = z
  .strictObject({
    ...accountFields,
    street: accountFields.street.default(''),
    zip: accountFields.zip.default(''),
    city: accountFields.city.default(''),
    country: accountFields.country.default('DE'),
    contactName: accountFields.contactName.default(''),
    contactEmail: accountFields.contactEmail.default(''),
    contactPhone: accountFields.contactPhone.default(''),
    vatId: accountFields.vatId.default(null),
    employeeCount: accountFields.employeeCount.default(0),
    notes: accountFields.notes.default(''),
    benefits: accountFields.benefits.default([]),
    parentId: z.uuid().nullable().default(null),
    distributorId: z.uuid().nullable().default(null),
  })
  .superRefine(checkZip)
  .meta({ id: 'AccountCreate' });
export type AccountCreateInput = z.input<typeof accountCreateSchema>;

export const accountUpdateSchema = z
  .strictObject({
    ...accountFields,
    distributorId: z.uuid().nullable(),
    /** Optimistic locking: instead of an If-Match header. */
    version: z.number().int().min(1),
  })
  .partial()
  .superRefine(checkZipWhenComplete)
  .meta({ id: 'AccountUpdate' });
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;

export const personRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const accountSchema = z
  .object({
    id: z.uuid(),
    customerNumber: z.string(),
    name: z.string(),
    legalForm: z.enum(LEGAL_FORMS),
    parentId: z.uuid().nullable(),
    parentName: z.string().nullable(),
    rootId: z.uuid(),
    depth: z.number().int(),
    status: accountStatusSchema,
    distributorId: z.uuid().nullable(),
    distributorName: z.string().nullable(),
    street: z.string(),
    zip: z.string(),
    city: z.string(),
    country: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    vatId: z.string().nullable(),
    employeeCount: z.number().int(),
    notes: z.string(),
    benefits: z.array(z.object({ code: z.string(), amountCents: z.number().int(), unit: z.string() })),
    childCount: z.number().int(),
    pendingApprovals: z.array(z.object({ id: z.uuid(), kind: z.string() })),
    version: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountListItemSchema = z
  .object({
    id: z.uuid(),
    customerNumber: z.string(),
    name: z.string(),
    legalForm: z.string(),
    parentId: z.uuid().nullable(),
    depth: z.number().int(),
    status: accountStatusSchema,
    city: z.string(),
    distributorId: z.uuid().nullable(),
    distributorName: z.string().nullable(),
    /** Only in the manager view: the manager this row is grouped under. */
    manager: personRefSchema.nullable().optional(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AccountListItem' });
export type AccountListItem = z.infer<typeof accountListItemSchema>;

export const ACCOUNT_SORT_FIELDS = ['name', 'customerNumber', 'status', 'city', 'createdAt', 'updatedAt'] as const;
export const ACCOUNT_VIEWS = ['all', 'distributor', 'manager'] as const;

export const accountListQuerySchema = listQuerySchema(ACCOUNT_SORT_FIELDS, 'name')
  .extend({
    view: z.enum(ACCOUNT_VIEWS).default('all'),
    status: accountStatusSchema.optional(),
    topLevel: queryBoolean.optional(),
    parentId: z.uuid().optional(),
    distributorId: z.uuid().optional(),
    managerId: z.uuid().optional(),
  })
  .strict()
  .meta({ id: 'AccountListQuery' });
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

export const accountListSchema = listResponseSchema(accountListItemSchema).meta({ id: 'AccountList' });

/** CSV export: the list's filters and sort, without paging (`page`/`perPage` are refused). */
export const accountExportQuerySchema = accountListQuerySchema
  .omit({ page: true, perPage: true })
  .meta({ id: 'AccountExportQuery' });
export type AccountExportQuery = z.infer<typeof accountExportQuerySchema>;

/** Rows `GET /accounts/{id}/children?depth=all` answers at most (the subtree for the tree view). */
export const MAX_TREE_ROWS = 2000;

/**
 * `depth=1` (default): the direct children, paged like a list. `depth=all`: every descendant,
 * breadth-first (by depth, then name), at most MAX_TREE_ROWS; paging does not apply there.
 */
export const accountChildrenQuerySchema = z
  .strictObject({
    depth: z.enum(['1', 'all']).default('1'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  })
  .meta({ id: 'AccountChildrenQuery' });
export type AccountChildrenQuery = z.infer<typeof accountChildrenQuerySchema>;

export const approvalRequestInputSchema = z
  .strictObject({ reason: multiLineText().max(2000).default('') })
  .meta({ id: 'ApprovalRequestInput' });

export const approvalRefSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum([
      'account_activation',
      'benefit_change',
      'account_archive',
      'role_grant',
      'mfa_reset',
      'user_erasure',
    ]),
    status: z.enum(['pending', 'approved', 'rejected', 'withdrawn', 'obsolete']),
    entityId: z.uuid(),
    entityLabel: z.string(),
    requestedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ApprovalRef' });

/** PATCH answer: the record, plus the approval request when a benefit change needs one. */
export const accountUpdateResultSchema = z
  .object({ account: accountSchema, approval: approvalRefSchema.nullable() })
  .meta({ id: 'AccountUpdateResult' });

/** The distributors whose accounts the caller can see, for the list's filter and the create form. */
export const accountDistributorsSchema = z
  .object({ items: z.array(personRefSchema) })
  .meta({ id: 'AccountDistributors' });

/** `POST /accounts/bulk`: request the archive of many accounts, each its own approval (issue 26). */
export const accountBulkSchema = z
  .discriminatedUnion('action', [
    bulkActionSchema('request_archive', { reason: multiLineText().max(2000).default('') }).meta({
      id: 'AccountBulkRequestArchive',
    }),
  ])
  .meta({ id: 'AccountBulk' });
export type AccountBulkInput = z.input<typeof accountBulkSchema>;
