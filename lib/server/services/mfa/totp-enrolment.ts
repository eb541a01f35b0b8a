import 'server-only';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { RecoveryCodes, StepUpInput, TotpEnrolment } from '@/lib/schemas/mfa';
import type { Actor } from '@/lib/server/auth/actor';
import { decryptSecret, encryptSecret } from '@/lib/server/auth/mfa-crypto';
import { acceptTotp, newTotpSecret, totpUri } from '@/lib/server/auth/totp';
import { getDb } from '@/lib/server/db/client';
import { mfaPasskeys, mfaRecoveryCodes, mfaTotp } from '@/lib/server/db/schema';
import { ApiError, invalidField } from '@/lib/server/http/api-error';
import { germanProblem } from '@/lib/server/http/german-problem';
import { hasSecondFactor, isMfaRequiredFor, markSessionVerified, replaceRecoveryCodes } from './mfa-factors';
import { assertRecentStepUp } from './step-up';
import { checkFactorWithLimits, loadMfaUser, recordMfaEvent, verifySecondFactor } from './verify-factor';

const alreadyEnabled = () => new ApiError('conflict', germanProblem('mfaTotpEnabled'));

/**
 * `POST /profile/mfa/totp`: a new secret waiting for its first code, with its otpauth URI and the
 * QR code drawn here (SVG), so the secret reaches no third party. Starting again replaces a
 * pending secret. A user who has a factor already confirms it first (step-up).
 */
export async function startTotpEnrolment(actor: Actor): Promise<TotpEnrolment> {
  const db = await getDb();
  const [existing] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, actor.id));
  if (existing?.confirmedAt) throw alreadyEnabled();
  assertRecentStepUp(actor);
  const secret = newTotpSecret();
  const secretEncrypted = encryptSecret(secret);
  await db
    .insert(mfaTotp)
    .values({ userId: actor.id, secretEncrypted })
    .onConflictDoUpdate({ target: mfaTotp.userId, set: { secretEncrypted, lastStep: 0, createdAt: new Date() } });
  const otpauthUri = totpUri(secret, actor.email);
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUri, qrSvg };
}

/**
 * `POST /profile/mfa/totp/confirm`: the first code switches the factor on and answers ten recovery
 * codes, shown this once. A wrong code counts toward the sign-in lockout.
 */
export async function confirmTotp(actor: Actor, input: { code: string }, ip: string): Promise<RecoveryCodes> {
  const db = await getDb();
  const [pending] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, actor.id));
  if (pending?.confirmedAt) throw alreadyEnabled();
  if (!pending) throw invalidField('code', 'mfaTotpNotStarted');
  const user = await loadMfaUser(db, actor.id);
  const step = await checkFactorWithLimits(user, ip, async () =>
    acceptTotp(decryptSecret(pending.secretEncrypted), input.code, 0),
  );

  const codes = await db.transaction(async (tx) => {
    await tx.update(mfaTotp).set({ confirmedAt: new Date(), lastStep: step }).where(eq(mfaTotp.userId, actor.id));
    const recoveryCodes = await replaceRecoveryCodes(tx, actor.id);
    await markSessionVerified(tx, actor.sessionId);
    await recordMfaEvent(tx, actor, user, 'mfa_enrol', [{ field: 'totp', before: false, after: true }]);
    return recoveryCodes;
  });
  return { recoveryCodes: codes };
}

/**
 * `DELETE /profile/mfa/totp`: needs a current code. When no factor is left the recovery codes go
 * too; a role that must have a factor keeps its last one (422).
 */
export async function disableTotp(actor: Actor, input: { code: string }, ip: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, actor.id));
  if (!row?.confirmedAt) throw invalidField('code', 'mfaTotpNotEnabled');
  const user = await loadMfaUser(db, actor.id);
  await verifySecondFactor(user, ip, { code: input.code });
  const passkeys = await db.select({ id: mfaPasskeys.id }).from(mfaPasskeys).where(eq(mfaPasskeys.userId, actor.id));
  if (passkeys.length === 0 && isMfaRequiredFor(actor.role)) throw invalidField('code', 'mfaLastFactorRequired');

  await db.transaction(async (tx) => {
    await tx.delete(mfaTotp).where(eq(mfaTotp.userId, actor.id));
    if (passkeys.length === 0) await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, actor.id));
    await recordMfaEvent(tx, actor, user, 'mfa_disable', [{ field: 'totp', before: true, after: false }]);
  });
}

/**
 * `POST /profile/mfa/recovery-codes`: ten new codes replace the old ones. Needs a second factor
 * in the body (a TOTP code or a passkey's assertion) or a step-up at most 10 minutes old.
 */
export async function regenerateRecoveryCodes(actor: Actor, input: StepUpInput, ip: string): Promise<RecoveryCodes> {
  const db = await getDb();
  if (!(await hasSecondFactor(db, actor.id))) throw invalidField('code', 'mfaNoFactor');
  if (input.recovery_code !== undefined) throw invalidField('recovery_code', 'secondFactorOne');
  if (input.code !== undefined) {
    await verifySecondFactor(await loadMfaUser(db, actor.id), ip, { code: input.code });
  } else {
    assertRecentStepUp(actor);
  }
  return { recoveryCodes: await replaceRecoveryCodes(db, actor.id) };
}
