import 'server-only';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { LoginInput, TokenResponse } from '@/lib/schemas/auth';
import type { MfaChallengeResponse } from '@/lib/schemas/mfa';
import type { Db } from '@/lib/server/db/types';
import { verifyPassword } from '@/lib/server/auth/passwords';
import { getDb } from '@/lib/server/db/client';
import { signInAttempts, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { metrics } from '@/lib/server/observability';
import { activeLockout, clearWrongPasswords, lockedError, recordWrongPassword } from './password-failures';
import { startSession } from './start-session';
import { issueMfaChallenge, mfaMethodsOf } from '@/lib/server/services/mfa/mfa-factors';

export { LOCKOUT_MS, MAX_FAILED_SIGN_INS } from './password-failures';
export const MAX_ATTEMPTS_PER_MINUTE = 20;

const wrongCredentials = () => new ApiError('unauthorized', 'E-Mail-Adresse oder Passwort ist falsch.');

/**
 * Signs a user in (SPEC §4). The lockout is kept per e-mail address whether a user has it or
 * not, and the rate limit per client address; both live in the database, so they hold across
 * several app instances.
 */
/**
 * Refuses a sign-in step (password or second factor) while the client address is over the rate
 * limit or the e-mail address is locked out; either refusal counts as an attempt.
 */
export async function assertMaySignIn(db: Db, email: string, ip: string): Promise<void> {
  const attempt = () => db.insert(signInAttempts).values({ email, ip, success: false });
  const [recent] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, ip), gt(signInAttempts.at, sql`now() - interval '1 minute'`)));
  if ((recent?.n ?? 0) >= MAX_ATTEMPTS_PER_MINUTE) {
    await attempt();
    throw new ApiError('rate_limited', 'Zu viele Anmeldeversuche. Bitte warten Sie eine Minute.', {
      retryAfterSeconds: 60,
    });
  }
  const lockedUntil = await activeLockout(db, email);
  if (lockedUntil) {
    await attempt();
    throw lockedError(lockedUntil);
  }
}

/**
 * Signs a user in (SPEC §4). The lockout is kept per e-mail address whether a user has it or
 * not, and the rate limit per client address; both live in the database, so they hold across
 * several app instances. A user with a second factor gets a challenge instead of the tokens
 * (lib/server/services/mfa/sign-in-mfa.ts answers it).
 */
export async function signIn(
  input: LoginInput,
  client: { ip: string; userAgent: string },
): Promise<TokenResponse | MfaChallengeResponse> {
  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  const attempt = (success: boolean) => db.insert(signInAttempts).values({ email, ip: client.ip, success });

  await assertMaySignIn(db, email, client.ip);

  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);

  if (!passwordOk) {
    await attempt(false);
    const lockoutStarted = await recordWrongPassword(email, user);
    metrics().signInFailures.inc();
    if (lockoutStarted) metrics().lockouts.inc();
    throw lockoutStarted ? lockedError(lockoutStarted) : wrongCredentials();
  }

  await attempt(true);
  // The count of wrong passwords ends only when the whole sign-in succeeds: a second factor's
  // wrong codes go on counting toward the same lockout.
  const methods = user ? await mfaMethodsOf(db, user.id) : [];
  if (methods.length === 0) await clearWrongPasswords(db, email);
  // Client addresses are personal data: keep them no longer than the rate limit needs (a day).
  await db.delete(signInAttempts).where(lt(signInAttempts.at, sql`now() - interval '24 hours'`));
  if (!user) throw wrongCredentials();
  if (user.status === 'locked' || user.status === 'deactivated') {
    throw new ApiError('forbidden', 'Ihr Zugang ist gesperrt. Bitte wenden Sie sich an Ihren Ansprechpartner.');
  }
  if (user.status !== 'active') throw wrongCredentials();

  if (methods.length > 0) return issueMfaChallenge(db, user.id, methods);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return startSession(user.id, client);
}
