import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { approvals, signInLockouts, users } from '@/lib/server/db/schema';
import type { MailRequest } from '@/lib/server/mail/send-mail';
import { TOKEN_LIFETIME_MS, type TokenPurpose } from '@/lib/server/services/auth/one-time-token';

export type UserRow = typeof users.$inferSelect;

/** The pages behind the links in the mails (SPEC §3). */
export const TOKEN_PAGES: Record<TokenPurpose, string> = {
  activation: '/aktivierung/',
  password_reset: '/pw-reset/',
  email_confirmation: '/bestaetigung/',
};

/** The app path a mail links to, with the token as its query. */
export const tokenPath = (purpose: TokenPurpose, token: string) =>
  `${TOKEN_PAGES[purpose]}?token=${encodeURIComponent(token)}`;

export const validHours = (purpose: TokenPurpose) => TOKEN_LIFETIME_MS[purpose] / (60 * 60 * 1000);

export const userLabel = (user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The history's actor when users act on their own record through a link (no session). */
export const selfActor = (user: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});

/** A mail about one of the user's links, in the user's language. */
export function tokenMail(
  user: Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'locale'>,
  purpose: TokenPurpose,
  token: string,
  to = user.email,
): MailRequest {
  return {
    to,
    locale: user.locale,
    template: purpose,
    name: userLabel(user),
    path: tokenPath(purpose, token),
    validHours: validHours(purpose),
  };
}

/** The user row, locked for the rest of the transaction so concurrent changes queue. */
export async function lockUserRow(tx: DbOrTx, userId: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  return row ?? null;
}

/** A user found by address, case-insensitively (the address is the sign-in name). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/**
 * Whether a role grant for the user waits for its decision. An invited user with one must not get
 * an activation link (the invitation goes out once the grant is approved), or they could sign in
 * with a role nobody approved; the same rule as for resending the invitation.
 */
export async function hasPendingRoleGrant(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.entityType, 'user'),
        eq(approvals.entityId, userId),
        eq(approvals.kind, 'role_grant'),
        eq(approvals.status, 'pending'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A new password ends a running sign-in lockout of the address: the owner has proven control. */
export async function clearSignInLockout(tx: DbOrTx, email: string): Promise<void> {
  await tx.delete(signInLockouts).where(eq(signInLockouts.email, email.trim().toLowerCase()));
}

/** Postgres' unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
