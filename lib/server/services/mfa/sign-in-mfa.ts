import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TokenResponse } from '@/lib/schemas/auth';
import type { MfaLoginInput } from '@/lib/schemas/mfa';
import { hashOpaqueToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db/client';
import type { Db } from '@/lib/server/db/types';
import { mfaChallenges, users } from '@/lib/server/db/schema';
import { ApiError, invalidField } from '@/lib/server/http/api-error';
import { germanProblem } from '@/lib/server/http/german-problem';
import { clearWrongPasswords } from '@/lib/server/services/auth/password-failures';
import { startSession } from '@/lib/server/services/auth/start-session';
import { MFA_TOKEN_MAX_FAILURES, mfaMethodsOf } from './mfa-factors';
import { loadMfaUser, recordMfaEvent, verifySecondFactor } from './verify-factor';
import { authenticationOptions } from './webauthn';

const expiredToken = () => new ApiError('unauthorized', germanProblem('mfaTokenInvalid'));

/** The live sign-in challenge an `mfa_token` names (unspent, not expired), or 401. */
async function liveChallenge(db: Db, mfaToken: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, hashOpaqueToken(mfaToken)),
        eq(mfaChallenges.purpose, 'sign_in'),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, sql`now()`),
      ),
    );
  if (!row) throw expiredToken();
  return row;
}

/** `POST /auth/login/mfa/options`: a WebAuthn challenge for the passkeys of the `mfa_token`'s user. */
export async function signInPasskeyOptions(mfaToken: string) {
  const db = await getDb();
  const challenge = await liveChallenge(db, mfaToken);
  if (!(await mfaMethodsOf(db, challenge.userId)).includes('webauthn')) throw invalidField('mfa_token', 'mfaNoFactor');
  const options = await authenticationOptions(db, challenge.userId);
  await db.update(mfaChallenges).set({ challenge: options.challenge }).where(eq(mfaChallenges.id, challenge.id));
  return { options: { ...options } };
}

/**
 * `POST /auth/login/mfa`: the second step of a sign-in. The `mfa_token` is spent by the first
 * success (or by five wrong factors); every wrong factor counts toward the sign-in lockout of the
 * address and the rate limit of the client, as a wrong password does.
 */
export async function signInSecondFactor(
  input: MfaLoginInput,
  client: { ip: string; userAgent: string },
): Promise<TokenResponse> {
  const db = await getDb();
  const challenge = await liveChallenge(db, input.mfa_token);
  const user = await loadMfaUser(db, challenge.userId);
  const email = user.email.trim().toLowerCase();
  const method = await verifySecondFactor(user, client.ip, input, {
    challenge: async () => challenge.challenge,
    // Five wrong factors spend the token (they count toward the lockout too).
    onWrong: async () => {
      await db
        .update(mfaChallenges)
        .set({
          failedCount: sql`${mfaChallenges.failedCount} + 1`,
          usedAt: sql`case when ${mfaChallenges.failedCount} + 1 >= ${MFA_TOKEN_MAX_FAILURES} then now() else null end`,
        })
        .where(eq(mfaChallenges.id, challenge.id));
    },
  });

  const spent = await db
    .update(mfaChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  if (spent.length !== 1) throw expiredToken();

  const [current] = await db.select({ status: users.status }).from(users).where(eq(users.id, user.id));
  if (current?.status !== 'active') throw expiredToken();
  await clearWrongPasswords(db, email);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  if (method === 'recovery_code') {
    await db.transaction((tx) =>
      recordMfaEvent(tx, user, user, 'mfa_recovery_code_used', [
        { field: 'recoveryCode', before: null, after: 'used' },
      ]),
    );
  }
  return startSession(user.id, client, { mfaVerified: true });
}
