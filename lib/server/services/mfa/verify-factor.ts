import 'server-only';
import { verify } from '@node-rs/argon2';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, isNull } from 'drizzle-orm';
import type { MfaMethod } from '@/lib/schemas/mfa';
import { acceptTotp, normaliseRecoveryCode } from '@/lib/server/auth/totp';
import { getDb } from '@/lib/server/db/client';
import type { DbOrTx, Tx } from '@/lib/server/db/types';
import { mfaRecoveryCodes, signInAttempts, users, type ChangeField } from '@/lib/server/db/schema';
import { userLabel } from '@/lib/server/history/change-fields';
import { recordChange } from '@/lib/server/history/record-change';
import { invalidField } from '@/lib/server/http/api-error';
import { sendMail } from '@/lib/server/mail/send-mail';
import type { MfaMailTemplate } from '@/lib/server/mail/templates';
import { lockedError, recordWrongPassword } from '@/lib/server/services/auth/password-failures';
import { assertMaySignIn } from '@/lib/server/services/auth/sign-in';
import { claimTotpStep, confirmedTotp } from './mfa-factors';
import { verifyAssertion } from './webauthn';

export interface FactorInput {
  code?: string;
  recovery_code?: string;
  webauthn?: unknown;
}

type MfaUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  accountId: string | null;
  locale: 'de' | 'en';
};

/**
 * Checks exactly one second factor of a user: a TOTP code not used before (its step is claimed
 * atomically, so a code is accepted once), an unused recovery code (then spent), or a passkey's
 * assertion for `challenge`. Answers the method that passed, or null.
 */
async function checkSecondFactor(
  db: DbOrTx,
  userId: string,
  input: FactorInput,
  challenge: string | null,
): Promise<MfaMethod | null> {
  const given = [input.code, input.recovery_code, input.webauthn].filter((value) => value !== undefined);
  if (given.length !== 1) throw invalidField('code', 'secondFactorOne');

  if (input.code !== undefined) {
    const totp = await confirmedTotp(db, userId);
    if (!totp) return null;
    const step = acceptTotp(totp.secret, input.code, totp.lastStep);
    return step !== null && (await claimTotpStep(db, userId, step)) ? 'totp' : null;
  }
  if (input.recovery_code !== undefined) {
    const typed = normaliseRecoveryCode(input.recovery_code);
    if (typed.length !== 10) return null;
    const unused = await db
      .select()
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    for (const row of unused) {
      if (!(await verify(row.codeHash, typed).catch(() => false))) continue;
      const spent = await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(mfaRecoveryCodes.id, row.id), isNull(mfaRecoveryCodes.usedAt)))
        .returning({ id: mfaRecoveryCodes.id });
      return spent.length === 1 ? 'recovery_code' : null;
    }
    return null;
  }
  if (!challenge) return null;
  return (await verifyAssertion(db, userId, input.webauthn as AuthenticationResponseJSON, challenge))
    ? 'webauthn'
    : null;
}

/**
 * The one gate of every second-factor check (sign-in, step-up, recovery-code renewal, factor
 * removal, enrolment and any later one): refused while the client address is over the sign-in
 * rate limit (429) or the user's address is locked out (423, even with the right factor); a wrong
 * factor counts toward both, as a wrong password does. `check` answers what passed, or null for a
 * wrong factor; `onWrong` runs before the refusal. Answers what `check` answered.
 */
export async function checkFactorWithLimits<T>(
  user: MfaUser,
  ip: string,
  check: () => Promise<T | null>,
  options: { field?: string; onWrong?: () => Promise<void> } = {},
): Promise<T> {
  const db = await getDb();
  const email = user.email.trim().toLowerCase();
  await assertMaySignIn(db, email, ip);
  const passed = await check();
  if (passed === null) {
    await options.onWrong?.();
    return refuseWrongFactor(user, ip, options.field);
  }
  await db.insert(signInAttempts).values({ email, ip, success: true });
  return passed;
}

/**
 * A user's second factor checked through the limits (checkFactorWithLimits). For a passkey's
 * assertion `challenge` answers the challenge it must have signed, or null; it runs only past the
 * limits, and a step-up's spends the challenge in the same statement (one assertion counts once).
 */
export async function verifySecondFactor(
  user: MfaUser,
  ip: string,
  input: FactorInput,
  options: { challenge?: () => Promise<string | null>; onWrong?: () => Promise<void> } = {},
): Promise<MfaMethod> {
  const db = await getDb();
  const field =
    input.webauthn !== undefined ? 'webauthn' : input.recovery_code !== undefined ? 'recovery_code' : 'code';
  return checkFactorWithLimits(
    user,
    ip,
    async () => {
      const challenge = input.webauthn !== undefined && options.challenge ? await options.challenge() : null;
      return checkSecondFactor(db, user.id, input, challenge);
    },
    { field, onWrong: options.onWrong },
  );
}

/**
 * A wrong second factor counts like a wrong password: toward the address's sign-in rate limit and
 * the e-mail address's lockout. Throws the 423 when one is running, else the 422 on the field.
 */
async function refuseWrongFactor(user: MfaUser, ip: string, field = 'code'): Promise<never> {
  const db = await getDb();
  const email = user.email.trim().toLowerCase();
  await db.insert(signInAttempts).values({ email, ip, success: false });
  const lockedUntil = await recordWrongPassword(email, user);
  throw lockedUntil ? lockedError(lockedUntil) : invalidField(field, 'mfaCodeWrong');
}

export async function loadMfaUser(db: DbOrTx, userId: string): Promise<MfaUser> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      accountId: users.accountId,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`loadMfaUser: no user ${userId}`);
  return user;
}

const MAIL_OF: Record<'mfa_enrol' | 'mfa_disable' | 'mfa_reset' | 'mfa_recovery_code_used', MfaMailTemplate> = {
  mfa_enrol: 'mfa_enrolled',
  mfa_disable: 'mfa_disabled',
  mfa_reset: 'mfa_reset',
  mfa_recovery_code_used: 'mfa_recovery_code_used',
};

/**
 * The history entry of a change to a user's factors (which factor, never a secret or code) and the
 * notice mail the user gets about it, both written by the caller's transaction (a transaction, so
 * that the entry, the outbox row and its job go together): a change that rolls back tells nobody, a
 * committed one cannot lose its notice (the mail job sends it).
 */
export async function recordMfaEvent(
  tx: Tx,
  actor: Parameters<typeof recordChange>[1]['actor'],
  user: MfaUser,
  action: keyof typeof MAIL_OF,
  fields: ChangeField[],
  approvalId?: string,
): Promise<void> {
  await recordChange(tx, {
    actor,
    entityType: 'user',
    entityId: user.id,
    entityLabel: userLabel(user),
    accountId: user.accountId,
    action,
    fields,
    approvalId,
  });
  await sendMail({ to: user.email, locale: user.locale, template: MAIL_OF[action], name: userLabel(user) }, tx);
}
