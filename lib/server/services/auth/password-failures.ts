import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { getDb } from '@/lib/server/db/client';
import { signInLockouts } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { ApiError } from '@/lib/server/http/api-error';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

/** 423 with how long the lockout lasts; the UI counts it down. */
export function lockedError(until: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new ApiError(
    'locked',
    `Zu viele Fehlversuche. Bitte versuchen Sie es in ${Math.ceil(seconds / 60)} Minuten erneut.`,
    { retryAfterSeconds: seconds },
  );
}

/** The lockout of an address, if one is running now. */
export async function activeLockout(db: DbOrTx, email: string): Promise<Date | null> {
  const [lockout] = await db.select().from(signInLockouts).where(eq(signInLockouts.email, email));
  return lockout?.lockedUntil && lockout.lockedUntil.getTime() > Date.now() ? lockout.lockedUntil : null;
}

/**
 * Counts a wrong password or second factor for an address — at sign-in, or when a signed-in user
 * confirms a change with their password or a factor, so that a session left open cannot be used
 * to guess them. The fifth in a row locks the address for 15 minutes and says so in the history,
 * once per lockout: a wrong try while the address is locked is not counted again (callers refuse
 * those first; this holds for requests racing past that check too). Returns the end of the
 * lockout now running, or null.
 */
export async function recordWrongPassword(
  email: string,
  user: { id: string; firstName: string; lastName: string; accountId: string | null } | undefined,
): Promise<Date | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = sql`${signInLockouts.lockedUntil} is not null and ${signInLockouts.lockedUntil} > now()`;
    const [row] = await tx
      .insert(signInLockouts)
      .values({ email, failedCount: 1 })
      .onConflictDoUpdate({
        target: signInLockouts.email,
        set: {
          failedCount: sql`case when ${locked} then ${signInLockouts.failedCount} else ${signInLockouts.failedCount} + 1 end`,
          updatedAt: new Date(),
        },
      })
      .returning({ failedCount: signInLockouts.failedCount, lockedUntil: signInLockouts.lockedUntil });
    if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) return row.lockedUntil;
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
}

/** A right password ends the count of wrong ones. */
export async function clearWrongPasswords(db: DbOrTx, email: string): Promise<void> {
  await db.delete(signInLockouts).where(eq(signInLockouts.email, email));
}
