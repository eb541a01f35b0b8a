import { z } from './zod';
import { bulkActionSchema } from './bulk';
import { listQuerySchema, listResponseSchema, queryBoolean } from './list';
import { multiLineText } from './text';
import { problem } from './problems';

export const APPROVAL_KINDS = [
  'account_activation',
  'benefit_change',
  'account_archive',
  'role_grant',
  'mfa_reset',
  // GDPR Art. 17 (issue 29): erasing a person's name, e-mail and phone.
  'user_erasure',
] as const;
export const approvalKindSchema = z.enum(APPROVAL_KINDS);
export type ApprovalKind = z.infer<typeof approvalKindSchema>;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'obsolete'] as const;
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

const personSchema = z.object({ id: z.uuid(), name: z.string() });

/** One proposed field change: `before` is the entity's value now (or at the decision), `after` the proposal. */
export const fieldChangeSchema = z
  .object({ field: z.string(), before: z.unknown(), after: z.unknown() })
  .meta({ id: 'FieldChange' });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const approvalListItemSchema = z
  .object({
    id: z.uuid(),
    kind: approvalKindSchema,
    status: approvalStatusSchema,
    entityType: z.enum(['account', 'user']),
    entityId: z.uuid(),
    entityLabel: z.string(),
    accountId: z.uuid().nullable(),
    reason: z.string(),
    requestedBy: personSchema,
    requestedAt: z.iso.datetime({ offset: true }),
    decidedBy: personSchema.nullable(),
    decidedAt: z.iso.datetime({ offset: true }).nullable(),
    comment: z.string(),
  })
  .meta({ id: 'ApprovalListItem' });
export type ApprovalListItem = z.infer<typeof approvalListItemSchema>;

export const approvalSchema = approvalListItemSchema
  .extend({
    payload: z.record(z.string(), z.unknown()),
    baseVersion: z.number().int(),
    /** Pending: whether the entity is still at `baseVersion`, i.e. approving would apply the change. */
    isCurrent: z.boolean(),
    diff: z.array(fieldChangeSchema),
    version: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Approval' });
export type Approval = z.infer<typeof approvalSchema>;

export const APPROVAL_SORT_FIELDS = ['requestedAt', 'decidedAt', 'kind', 'status', 'entityLabel'] as const;

export const approvalListQuerySchema = listQuerySchema(APPROVAL_SORT_FIELDS, 'requestedAt')
  .extend({
    /** Default: the open ones; `all` lifts the filter. */
    status: z.enum([...APPROVAL_STATUSES, 'all']).default('pending'),
    kind: approvalKindSchema.optional(),
    accountId: z.uuid().optional(),
    requestedBy: z.uuid().optional(),
    /** true: only my requests; false: only other people's (what a decider can decide). */
    mine: queryBoolean.optional(),
  })
  .strict()
  .meta({ id: 'ApprovalListQuery' });
export type ApprovalListQuery = z.infer<typeof approvalListQuerySchema>;

export const approvalListSchema = listResponseSchema(approvalListItemSchema).meta({ id: 'ApprovalList' });

export const approvalExportQuerySchema = approvalListQuerySchema
  .omit({ page: true, perPage: true })
  .meta({ id: 'ApprovalExportQuery' });
export type ApprovalExportQuery = z.infer<typeof approvalExportQuerySchema>;

/** approve / reject: the decider's comment (required for a rejection, so the requester learns why). */
export const approvalDecisionSchema = z
  .strictObject({ comment: multiLineText().max(2000).default('') })
  .meta({ id: 'ApprovalDecision' });
export type ApprovalDecisionInput = z.input<typeof approvalDecisionSchema>;

export const approvalRejectionSchema = z
  .strictObject({ comment: multiLineText().min(1, problem('rejectionReasonRequired')).max(2000) })
  .meta({ id: 'ApprovalRejection' });

export const approvalWithdrawalSchema = z
  .strictObject({ comment: multiLineText().max(2000).default('') })
  .meta({ id: 'ApprovalWithdrawal' });

/** `POST /approvals/bulk`: approve or reject many, each under the four-eyes rule; one comment for all (issue 26). */
export const approvalBulkSchema = z
  .discriminatedUnion('action', [
    bulkActionSchema('approve', { comment: multiLineText().max(2000).default('') }).meta({
      id: 'ApprovalBulkApprove',
    }),
    bulkActionSchema('reject', { comment: multiLineText().min(1, problem('rejectionReasonRequired')).max(2000) }).meta({
      id: 'ApprovalBulkReject',
    }),
  ])
  .meta({ id: 'ApprovalBulk' });
export type ApprovalBulkInput = z.input<typeof approvalBulkSchema>;
