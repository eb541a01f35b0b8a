import { z } from './zod';
import { SCOPES, type Scope } from './role-rules';
import { uuidSchema } from './common';
import { problem } from './problems';
import { singleLineText } from './text';

/** What a key may hold: today's scopes but deciding approvals (a person decides, issue 48). */
export const API_KEY_SCOPES = SCOPES.filter((scope) => scope !== 'approvals.decide') as Exclude<
  Scope,
  'approvals.decide'
>[];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES as [Scope, ...Scope[]]);

export const API_KEY_DEFAULT_DAYS = 365;
export const API_KEY_MAX_DAYS = 2 * 365;
export const API_KEY_MAX_OVERLAP_HOURS = 7 * 24;
/** Requests per minute and key (issue 48). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

const DAY_MS = 24 * 60 * 60 * 1000;
function isAllowedExpiry(value: string): boolean {
  const at = new Date(value).getTime();
  return at > Date.now() && at <= Date.now() + API_KEY_MAX_DAYS * DAY_MS;
}

/** The expiry a key gets without one: a year from now. */
export const defaultApiKeyExpiry = (now = Date.now()) => new Date(now + API_KEY_DEFAULT_DAYS * DAY_MS);

export const apiKeyCreateSchema = z
  .strictObject({
    // ⟦ ⟧ mark person references in the history, where the name is the actor's label.
    name: singleLineText()
      .min(1)
      .max(100)
      .refine((name) => !/[⟦⟧]/.test(name), { message: problem('apiKeyName') }),
    scopes: z.array(apiKeyScopeSchema).min(1).max(API_KEY_SCOPES.length),
    accountId: uuidSchema.nullable().default(null).meta({
      description: 'The root of the account tree the key reaches; null: every account',
    }),
    expiresAt: z.iso
      .datetime({ offset: true })
      .refine(isAllowedExpiry, { message: problem('apiKeyExpiry') })
      .optional()
      .meta({ description: 'When the key stops working: in the future, at most 2 years ahead (default: 1 year)' }),
  })
  .meta({ id: 'ApiKeyCreate' });
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z
  .object({
    id: uuidSchema,
    name: z.string(),
    /** The secret's visible start (`ebmt_` and 8 characters); the secret itself is never shown again. */
    prefix: z.string(),
    scopes: z.array(z.string()),
    accountId: uuidSchema.nullable(),
    accountName: z.string().nullable(),
    expiresAt: z.iso.datetime({ offset: true }),
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
    lastUsedIp: z.string().nullable(),
    /** Until when the secret before the last rotation still works, if it does. */
    previousSecretExpiresAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    version: z.number().int(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of a create or a rotation: the key and its secret, shown this once. */
export const apiKeyWithSecretSchema = apiKeySchema
  .extend({ secret: z.string().startsWith('ebmt_') })
  .meta({ id: 'ApiKeyWithSecret' });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) }).meta({ id: 'ApiKeyList' });

export const apiKeyRotateSchema = z
  .strictObject({
    overlapHours: z.number().int().min(0).max(API_KEY_MAX_OVERLAP_HOURS).default(24).meta({
      description: 'How long the current secret keeps working beside the new one (at most 7 days)',
    }),
  })
  .meta({ id: 'ApiKeyRotate' });
