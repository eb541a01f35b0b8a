import { z } from './zod';
import { roleSchema, scopeFieldSchema } from './roles';
import { secretText, singleLineText } from './text';
import { LOCALES } from './locales';
import { THEMES } from './themes';

export { LOCALES, type Locale } from './locales';
export const localeSchema = z.enum(LOCALES);
export const themeSchema = z.enum(THEMES).meta({
  id: 'ThemePreference',
  description: "The interface's colour theme: light, dark, or the operating system's preference (the default).",
});

export const USER_STATUSES = ['invited', 'active', 'locked', 'deactivated'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);

export const loginInputSchema = z
  .strictObject({
    email: singleLineText().min(1).max(254),
    password: secretText().min(1).max(1024),
  })
  .meta({ id: 'LoginInput' });
export type LoginInput = z.infer<typeof loginInputSchema>;

export const tokenResponseSchema = z
  .object({
    id_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.number().int(),
    token_type: z.literal('Bearer'),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshInputSchema = z
  .strictObject({ refresh_token: secretText().min(1).max(512) })
  .meta({ id: 'RefreshInput' });

export const sessionUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleSchema,
    accountId: z.uuid().nullable(),
    locale: localeSchema,
    theme: themeSchema,
    status: userStatusSchema,
    scope: scopeFieldSchema,
    /** MFA_REQUIRED_ROLES names the role and no second factor is set up: only enrolment is open. */
    mfaEnrolmentRequired: z.boolean(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema }).meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok'), time: z.string() }).meta({ id: 'Health' });

export const readinessResponseSchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    database: z.enum(['ok', 'unavailable', 'storage_unavailable']),
    time: z.string(),
  })
  .meta({ id: 'Readiness' });
