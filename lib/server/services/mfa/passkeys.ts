import 'server-only';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, count, eq } from 'drizzle-orm';
import type { Passkey, RecoveryCodes } from '@/lib/schemas/mfa';
import type { Actor } from '@/lib/server/auth/actor';
import { actorLabel } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { mfaPasskeys, mfaRecoveryCodes, mfaTotp } from '@/lib/server/db/schema';
import { invalidField, notFound } from '@/lib/server/http/api-error';
import {
  MAX_PASSKEYS,
  isMfaRequiredFor,
  markSessionVerified,
  replaceRecoveryCodes,
  unusedRecoveryCodeCount,
} from './mfa-factors';
import { claimChallenge, issueChallenge, latestChallenge } from './challenges';
import { assertRecentStepUp } from './step-up';
import { loadMfaUser, recordMfaEvent } from './verify-factor';
import { registrationOptions, verifyRegistration } from './webauthn';

export const passkeyRecord = (row: typeof mfaPasskeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

async function passkeyCount(db: Awaited<ReturnType<typeof getDb>>, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mfaPasskeys).where(eq(mfaPasskeys.userId, userId));
  return row?.n ?? 0;
}

/** `POST /profile/mfa/passkeys/options`: a registration challenge (5 minutes). */
export async function passkeyRegistrationOptions(actor: Actor) {
  const db = await getDb();
  assertRecentStepUp(actor);
  if ((await passkeyCount(db, actor.id)) >= MAX_PASSKEYS) throw invalidField('name', 'mfaTooManyPasskeys');
  const options = await registrationOptions(db, { id: actor.id, email: actor.email, label: actorLabel(actor) });
  await issueChallenge(db, actor.id, 'passkey_registration', options.challenge);
  return { options: { ...options } };
}

/**
 * `POST /profile/mfa/passkeys`: stores a named passkey the browser created for the last challenge.
 * The first factor of a user also brings ten recovery codes (answered once; otherwise empty).
 */
export async function registerPasskey(
  actor: Actor,
  input: { name: string; response: unknown },
): Promise<{ passkey: Passkey } & RecoveryCodes> {
  const db = await getDb();
  assertRecentStepUp(actor);
  const challenge = await latestChallenge(db, actor.id, 'passkey_registration');
  if (!challenge?.challenge) throw invalidField('response', 'mfaPasskeyRejected');
  const credential = await verifyRegistration(input.response as RegistrationResponseJSON, challenge.challenge);
  if (!credential || !(await claimChallenge(db, challenge.id))) throw invalidField('response', 'mfaPasskeyRejected');
  if ((await passkeyCount(db, actor.id)) >= MAX_PASSKEYS) throw invalidField('name', 'mfaTooManyPasskeys');
  const user = await loadMfaUser(db, actor.id);

  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mfaPasskeys)
      .values({ userId: actor.id, name: input.name, ...credential })
      .onConflictDoNothing()
      .returning();
    if (!row) throw invalidField('response', 'mfaPasskeyRejected');
    const recoveryCodes =
      (await unusedRecoveryCodeCount(tx, actor.id)) === 0 ? await replaceRecoveryCodes(tx, actor.id) : [];
    await markSessionVerified(tx, actor.sessionId);
    await recordMfaEvent(tx, actor, user, 'mfa_enrol', [{ field: 'passkey', before: null, after: input.name }]);
    return { passkey: passkeyRecord(row), recoveryCodes };
  });
  return result;
}

/**
 * `DELETE /profile/mfa/passkeys/{id}` (step-up): another user's passkey answers 404 like an
 * unknown one. A role that must have a factor keeps its last one.
 */
export async function removePasskey(actor: Actor, id: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(mfaPasskeys)
    .where(and(eq(mfaPasskeys.id, id), eq(mfaPasskeys.userId, actor.id)));
  if (!row) throw notFound('Passkey');
  assertRecentStepUp(actor);
  const [totp] = await db
    .select({ confirmedAt: mfaTotp.confirmedAt })
    .from(mfaTotp)
    .where(eq(mfaTotp.userId, actor.id));
  const lastFactor = !totp?.confirmedAt && (await passkeyCount(db, actor.id)) === 1;
  if (lastFactor && isMfaRequiredFor(actor.role)) throw invalidField('id', 'mfaLastFactorRequired');
  const user = await loadMfaUser(db, actor.id);
  await db.transaction(async (tx) => {
    await tx.delete(mfaPasskeys).where(eq(mfaPasskeys.id, row.id));
    if (lastFactor) await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, actor.id));
    await recordMfaEvent(tx, actor, user, 'mfa_disable', [{ field: 'passkey', before: row.name, after: null }]);
  });
}
