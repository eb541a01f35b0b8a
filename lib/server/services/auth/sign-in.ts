import 'server-only';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { LoginInput, TokenResponse } from '@/lib/schemas/auth';
import { verifyPassword } from '@/lib/server/auth/passwords';
import { getDb } from '@/lib/server/db/client';
import { signInAttempts, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { activeLockout, clearWrongPasswords, lockedError, recordWrongPassword } from './password-failures';
import { startSession } from './start-session';

export { LOCKOUT_MS, MAX_FAILED_SIGN_INS } from './password-failures';
export const MAX_ATTEMPTS_PER_MINUTE = 20;

const wrongCredentials = () => new ApiError('unauthorized', 'E-Mail-Adresse oder Passwort ist falsch.');

/**
 * Signs a user in (SPEC §4). The lockout is kept per e-mail address whether a user has it or
 * not, and the rate limit per client address; both live in the database, so they hold across
 * several app instances.
 */
export async function signIn(input: LoginInput, client: { ip: string; userAgent: string }): Promise<TokenResponse> {
  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  const attempt = (success: boolean) => db.insert(signInAttempts).values({ email, ip: client.ip, success });

  const [recent] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, client.ip), gt(signInAttempts.at, sql`now() - interval '1 minute'`)));
  if ((recent?.n ?? 0) >= MAX_ATTEMPTS_PER_MINUTE) {
    await attempt(false);
    throw new ApiError('rate_limited', 'Zu viele Anmeldeversuche. Bitte warten Sie eine Minute.', {
      retryAfterSeconds: 60,
    });
  }

  const lockedUntil = await activeLockout(db, email);
  if (lockedUntil) {
    await attempt(false);
    throw lockedError(lockedUntil);
  }

  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);

  if (!passwordOk) {
    await attempt(false);
    const lockoutStarted = await recordWrongPassword(email, user);
    throw lockoutStarted ? lockedError(lockoutStarted) : wrongCredentials();
  }

  await attempt(true);
  await clearWrongPasswords(db, email);
  // Client addresses are personal data: keep them no longer than the rate limit needs (a day).
  await db.delete(signInAttempts).where(lt(signInAttempts.at, sql`now() - interval '24 hours'`));
  if (!user) throw wrongCredentials();
  if (user.status === 'locked' || user.status === 'deactivated') {
    throw new ApiError('forbidden', 'Ihr Zugang ist gesperrt. Bitte wenden Sie sich an Ihren Ansprechpartner.');
  }
  if (user.status !== 'active') throw wrongCredentials();

  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return startSession(user.id, client);
}
