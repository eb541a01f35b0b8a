import 'server-only';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { createOpaqueToken } from '@/lib/server/auth/tokens';
import type { DbOrTx } from '@/lib/server/db/types';
import { mfaChallenges } from '@/lib/server/db/schema';

type Purpose = 'passkey_registration' | 'step_up';

const CHALLENGE_MS = 5 * 60 * 1000;

/** Stores a WebAuthn challenge for 5 minutes; a newer one of the same purpose replaces it. */
export async function issueChallenge(db: DbOrTx, userId: string, purpose: Purpose, challenge: string): Promise<void> {
  await db.delete(mfaChallenges).where(and(eq(mfaChallenges.userId, userId), eq(mfaChallenges.purpose, purpose)));
  await db.insert(mfaChallenges).values({
    userId,
    purpose,
    // Such a challenge is found by user and purpose; the column only needs a unique value.
    tokenHash: createOpaqueToken().hash,
    challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
}

/** A user's unspent, unexpired challenges of a purpose. */
const liveChallenge = (userId: string, purpose: Purpose) =>
  and(
    eq(mfaChallenges.userId, userId),
    eq(mfaChallenges.purpose, purpose),
    isNull(mfaChallenges.usedAt),
    gt(mfaChallenges.expiresAt, sql`now()`),
  );

/** The newest unspent, unexpired challenge of a purpose, if any. */
export async function latestChallenge(db: DbOrTx, userId: string, purpose: Purpose) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(liveChallenge(userId, purpose))
    .orderBy(desc(mfaChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Takes the user's live challenge of a purpose, spending it in the same statement: of two requests
 * carrying one assertion, in any sessions, exactly one gets it (the other gets null).
 */
export async function takeChallenge(db: DbOrTx, userId: string, purpose: Purpose): Promise<string | null> {
  const [row] = await db
    .update(mfaChallenges)
    .set({ usedAt: new Date() })
    .where(liveChallenge(userId, purpose))
    .returning({ challenge: mfaChallenges.challenge });
  return row?.challenge ?? null;
}

/** Spends a challenge; false when another request spent it first. */
export async function claimChallenge(db: DbOrTx, id: string): Promise<boolean> {
  const spent = await db
    .update(mfaChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return spent.length === 1;
}
