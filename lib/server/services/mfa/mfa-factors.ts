import 'server-only';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { MfaChallengeResponse, MfaMethod } from '@/lib/schemas/mfa';
import { mfaRequiredRoles } from '@/lib/env';
import { hashPassword } from '@/lib/server/auth/passwords';
import { createOpaqueToken } from '@/lib/server/auth/tokens';
import { decryptSecret } from '@/lib/server/auth/mfa-crypto';
import { newRecoveryCodes, normaliseRecoveryCode } from '@/lib/server/auth/totp';
import type { DbOrTx } from '@/lib/server/db/types';
import { mfaChallenges, mfaPasskeys, mfaRecoveryCodes, mfaTotp, sessions, users } from '@/lib/server/db/schema';

/** How long the `mfa_token` between password and second factor lives. */
export const MFA_TOKEN_MS = 5 * 60 * 1000;
/** Wrong second factors one `mfa_token` takes before it is spent (they also count toward the lockout). */
export const MFA_TOKEN_MAX_FAILURES = 5;
/** Step-up: a second-factor check at most this old lets a session grant or decide staff roles. */
export const STEP_UP_MS = 10 * 60 * 1000;
export const MAX_PASSKEYS = 10;

/** Whether a role must have a second factor (MFA_REQUIRED_ROLES). */
export const isMfaRequiredFor = (role: string) => mfaRequiredRoles().has(role);

/** The second factors a user can sign in with, in the order the sign-in page offers them. */
export async function mfaMethodsOf(db: DbOrTx, userId: string): Promise<MfaMethod[]> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${mfaTotp} where ${mfaTotp.userId} = ${userId} and ${mfaTotp.confirmedAt} is not null)`,
      passkeys: sql<boolean>`exists (select 1 from ${mfaPasskeys} where ${mfaPasskeys.userId} = ${userId})`,
      recovery: sql<boolean>`exists (select 1 from ${mfaRecoveryCodes} where ${mfaRecoveryCodes.userId} = ${userId} and ${mfaRecoveryCodes.usedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || (!row.totp && !row.passkeys)) return [];
  return [
    ...(row.totp ? (['totp'] as const) : []),
    ...(row.passkeys ? (['webauthn'] as const) : []),
    ...(row.recovery ? (['recovery_code'] as const) : []),
  ];
}

export async function hasSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  return (await mfaMethodsOf(db, userId)).length > 0;
}

/** The password was right and a second factor follows: a single-use token for 5 minutes. */
export async function issueMfaChallenge(
  db: DbOrTx,
  userId: string,
  methods: MfaMethod[],
): Promise<MfaChallengeResponse> {
  const token = createOpaqueToken();
  // Spent and expired challenges of this user go; they are never needed again.
  await db
    .delete(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.userId, userId),
        sql`(${mfaChallenges.usedAt} is not null or ${mfaChallenges.expiresAt} < now())`,
      ),
    );
  await db.insert(mfaChallenges).values({
    userId,
    purpose: 'sign_in',
    tokenHash: token.hash,
    expiresAt: new Date(Date.now() + MFA_TOKEN_MS),
  });
  return { mfa_required: true, mfa_token: token.token, methods };
}

/** The confirmed TOTP secret of a user, decrypted, with the step of the last accepted code. */
export async function confirmedTotp(db: DbOrTx, userId: string): Promise<{ secret: string; lastStep: number } | null> {
  const [row] = await db
    .select()
    .from(mfaTotp)
    .where(and(eq(mfaTotp.userId, userId), isNotNull(mfaTotp.confirmedAt)));
  return row ? { secret: decryptSecret(row.secretEncrypted), lastStep: row.lastStep } : null;
}

/**
 * Marks a code's step as used, only if no other request used this or a later step meanwhile:
 * of two requests with the same code exactly one succeeds.
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(mfaTotp)
    .set({ lastStep: step })
    .where(and(eq(mfaTotp.userId, userId), sql`${mfaTotp.lastStep} < ${step}`))
    .returning({ userId: mfaTotp.userId });
  return claimed.length === 1;
}

/** Ten fresh recovery codes replace the old ones; only their Argon2id hashes are stored. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((code) => hashPassword(normaliseRecoveryCode(code))));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes;
}

export async function unusedRecoveryCodeCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Notes that this session has just passed a second-factor check (the step-up's clock). */
export async function markSessionVerified(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ mfaVerifiedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Removes every factor of a user (disable of the last one, or an approved reset). */
export async function removeAllFactors(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId));
  await db.delete(mfaPasskeys).where(eq(mfaPasskeys.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
}
