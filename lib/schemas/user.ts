import { z } from './zod';
import { bulkActionSchema } from './bulk';
import { localeSchema, themeSchema, USER_STATUSES, userStatusSchema } from './auth';
import { listQuerySchema, listResponseSchema } from './list';
import { ROLES, roleSchema } from './roles';
import { secretText, singleLineText } from './text';
import { problem } from './problems';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './user-rules';

export { ROLES, USER_STATUSES };

export * from './user-rules';

export const passwordSchema = secretText().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

const emailSchema = singleLineText().toLowerCase().pipe(z.email().max(254));
const nameSchema = singleLineText().min(1).max(100);
const phoneSchema = singleLineText()
  .max(50)
  .regex(/^[0-9+()\/\s-]*$/, problem('phoneChars'));

/** Managers belong to an account; every other role to none (SPEC §2 User). */
function checkAccountForRole(value: { role?: string; accountId?: string | null }, ctx: z.RefinementCtx) {
  if (value.role === undefined) return;
  if (value.role === 'manager' && !value.accountId) {
    ctx.addIssue({ code: 'custom', path: ['accountId'], message: problem('managerNeedsAccount') });
  }
  if (value.role !== 'manager' && value.accountId) {
    ctx.addIssue({ code: 'custom', path: ['accountId'], message: problem('onlyManagersHaveAccount') });
  }
}

export const userInviteSchema = z
  .strictObject({
    email: emailSchema,
    firstName: nameSchema,
    lastName: nameSchema,
    phone: phoneSchema.default(''),
    role: roleSchema,
    accountId: z.uuid().nullable().default(null),
    locale: localeSchema.default('de'),
  })
  .superRefine(checkAccountForRole)
  .meta({ id: 'UserInvite' });
export type UserInviteInput = z.input<typeof userInviteSchema>;

export const userUpdateSchema = z
  .strictObject({
    firstName: nameSchema,
    lastName: nameSchema,
    phone: phoneSchema,
    role: roleSchema,
    accountId: z.uuid().nullable(),
    locale: localeSchema,
    version: z.number().int().min(1),
  })
  .partial()
  .meta({ id: 'UserUpdate' });
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

export const userSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    role: roleSchema,
    accountId: z.uuid().nullable(),
    accountName: z.string().nullable(),
    status: userStatusSchema,
    locale: localeSchema,
    lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
    erasedAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .meta({ description: 'When an approved erasure (GDPR Art. 17) replaced name, e-mail and phone by a pseudonym' }),
    pendingApprovals: z.array(z.object({ id: z.uuid(), kind: z.string(), payload: z.record(z.string(), z.unknown()) })),
    version: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const userListItemSchema = userSchema
  .pick({
    id: true,
    email: true,
    firstName: true,
    lastName: true,
    role: true,
    accountId: true,
    accountName: true,
    status: true,
    lastLoginAt: true,
    createdAt: true,
  })
  .meta({ id: 'UserListItem' });
export type UserListItem = z.infer<typeof userListItemSchema>;

export const USER_SORT_FIELDS = ['lastName', 'email', 'role', 'status', 'lastLoginAt', 'createdAt'] as const;
export const userListQuerySchema = listQuerySchema(USER_SORT_FIELDS, 'lastName')
  .extend({
    role: roleSchema.optional(),
    status: userStatusSchema.optional(),
    accountId: z.uuid().optional(),
  })
  .strict()
  .meta({ id: 'UserListQuery' });
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const userListSchema = listResponseSchema(userListItemSchema).meta({ id: 'UserList' });
export const userExportQuerySchema = userListQuerySchema
  .omit({ page: true, perPage: true })
  .meta({ id: 'UserExportQuery' });

/** PATCH answer: the user, plus the approval request when a role grant needs one. */
export const userUpdateResultSchema = z
  .object({
    user: userSchema,
    approval: z.object({ id: z.uuid(), kind: z.literal('role_grant'), status: z.literal('pending') }).nullable(),
  })
  .meta({ id: 'UserUpdateResult' });

/* Identity flows (guest pages) */

export const forgotPasswordSchema = z
  .strictObject({ email: singleLineText().min(1).max(254) })
  .meta({ id: 'ForgotPassword' });
export const tokenSchema = singleLineText().min(16).max(200);
export const resetPasswordSchema = z
  .strictObject({ token: tokenSchema, password: passwordSchema })
  .meta({ id: 'ResetPassword' });
export const activateSchema = z.strictObject({ token: tokenSchema, password: passwordSchema }).meta({ id: 'Activate' });
export const confirmEmailSchema = z.strictObject({ token: tokenSchema }).meta({ id: 'ConfirmEmail' });
/** The same answer whatever happened, so nobody learns which addresses exist. */
export const acceptedSchema = z.object({ accepted: z.literal(true) }).meta({ id: 'Accepted' });

/* Profile */

/** The own record: a user, plus the preferences only its owner sees (the theme). */
export const profileSchema = userSchema.extend({ theme: themeSchema }).meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;
export const profileUpdateSchema = z
  .strictObject({
    firstName: nameSchema,
    lastName: nameSchema,
    phone: phoneSchema,
    locale: localeSchema,
    theme: themeSchema,
    /** The version the form was filled from (or send If-Match): a stale one answers 409. */
    version: z.number().int().min(1),
  })
  .partial()
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export const passwordChangeSchema = z
  .strictObject({ currentPassword: secretText().min(1).max(1024), newPassword: passwordSchema })
  .meta({ id: 'PasswordChange' });
export const emailChangeSchema = z
  .strictObject({ email: emailSchema, currentPassword: secretText().min(1).max(1024) })
  .meta({ id: 'EmailChange' });
export const sessionInfoSchema = z
  .object({
    id: z.uuid(),
    createdAt: z.iso.datetime({ offset: true }),
    lastSeenAt: z.iso.datetime({ offset: true }),
    userAgent: z.string(),
    ip: z.string(),
    isCurrent: z.boolean(),
  })
  .meta({ id: 'SessionInfo' });
export const sessionListSchema = z.object({ items: z.array(sessionInfoSchema) }).meta({ id: 'SessionList' });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/* Mail outbox (admins; the embedded default keeps mail here) */

export const outboxMailSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    template: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    sentAt: z.iso.datetime({ offset: true }).nullable(),
    attempts: z.number().int().meta({ description: 'SMTP attempts so far (the mail job retries with backoff)' }),
    lastAttemptAt: z.iso.datetime({ offset: true }).nullable(),
    lastError: z.string().nullable().meta({ description: 'The error of the last failed attempt' }),
  })
  .meta({ id: 'OutboxMail' });
export const outboxQuerySchema = z
  .strictObject({
    to: singleLineText().max(254).optional(),
    perPage: z.coerce.number().int().min(1).max(100).default(20),
  })
  .meta({ id: 'OutboxQuery' });
export const outboxListSchema = z.object({ items: z.array(outboxMailSchema) }).meta({ id: 'OutboxList' });

/** `POST /users/bulk`: deactivate users, or resend their invitations (the per-address throttle applies) (issue 26). */
export const userBulkSchema = z
  .discriminatedUnion('action', [
    bulkActionSchema('deactivate', {}).meta({ id: 'UserBulkDeactivate' }),
    bulkActionSchema('resend_invitation', {}).meta({ id: 'UserBulkResendInvitation' }),
  ])
  .meta({ id: 'UserBulk' });
export type UserBulkInput = z.input<typeof userBulkSchema>;
