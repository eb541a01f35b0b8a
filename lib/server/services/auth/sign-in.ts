import 'server-only';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { LoginInput, TokenResponse } from '@/lib/schemas/auth';
import { verifyPassword } from '@/lib/server/auth/passwords';
import { getDb } from '@/lib/server/db/client';
import { signInAttempts, signInLockouts, users } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { ApiError } from '@/lib/server/http/api-error';
import { startSession } from './start-session';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;
export const MAX_ATTEMPTS_PER_MINUTE = 20;

const wrongCredentials = () => new ApiError('unauthorized', 'E-Mail-Adresse oder Passwort ist falsch.');
const locked = (until: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new ApiError('locked', `Zu viele Fehlversuche. Bitte versuchen Sie es in ${Math.ceil(seconds / 60)} Minuten erneut.`, {
    retryAfterSeconds: seconds,
  });
};

/**
 * Signs a user in (SPEC §4). The lockout is kept per e-mail address whether a user has it or
 * not, and the rate limit per client address; both live in the database, so they hold across
 * several app instances.
 */
export async function signIn(
  input: LoginInput,
  client: { ip: string; userAgent: string },
): Promise<TokenResponse> {
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

  const [lockout] = await db.select().from(signInLockouts).where(eq(signInLockouts.email, email));
  if (lockout?.lockedUntil && lockout.lockedUntil.getTime() > Date.now()) {
    await attempt(false);
    throw locked(lockout.lockedUntil);
  }

  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);

  if (!passwordOk) {
    await attempt(false);
    const lockedUntil = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(signInLockouts)
        .values({ email, failedCount: 1 })
        .onConflictDoUpdate({
          target: signInLockouts.email,
          set: { failedCount: sql`${signInLockouts.failedCount} + 1`, updatedAt: new Date() },
        })
        .returning({ failedCount: signInLockouts.failedCount });
      if (!row || row.failedCount < MAX_FAILED_SIGN_INS) return null;
      const until = new Date(Date.now() + LOCKOUT_MS);
      await tx
        .update(signInLockouts)
        .set({ failedCount: 0, lockedUntil: until, updatedAt: new Date() })
        .where(eq(signInLockouts.email, email));
      if (user) {
        await recordChange(tx, {
          actor: null,
          entityType: 'user',
          entityId: user.id,
          entityLabel: `${user.firstName} ${user.lastName}`,
          accountId: user.accountId,
          action: 'login_locked',
          fields: [{ field: 'lockedUntil', before: null, after: until.toISOString() }],
        });
      }
      return until;
    });
    throw lockedUntil ? locked(lockedUntil) : wrongCredentials();
  }

  await attempt(true);
  await db.delete(signInLockouts).where(eq(signInLockouts.email, email));
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
