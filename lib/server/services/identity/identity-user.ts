import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { signInLockouts, users } from '@/lib/server/db/schema';
import type { MailRequest } from '@/lib/server/mail/send-mail';
import { TOKEN_LIFETIME_MS, type TokenPurpose } from '@/lib/server/services/auth/one-time-token';
import { userLabel } from '@/lib/server/history/change-fields';

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

/** A new password ends a running sign-in lockout of the address: the owner has proven control. */
export async function clearSignInLockout(tx: DbOrTx, email: string): Promise<void> {
  await tx.delete(signInLockouts).where(eq(signInLockouts.email, email.trim().toLowerCase()));
}
