import 'server-only';
import type { StepUpInput } from '@/lib/schemas/mfa';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { ApiError, invalidField } from '@/lib/server/http/api-error';
import { germanProblem } from '@/lib/server/http/german-problem';
import { STEP_UP_MS, hasSecondFactor, markSessionVerified } from './mfa-factors';
import { issueChallenge, takeChallenge } from './challenges';
import { loadMfaUser, recordMfaEvent, verifySecondFactor } from './verify-factor';
import { authenticationOptions } from './webauthn';

/** Whether this session passed a second-factor check within the last 10 minutes. */
export function hasRecentStepUp(actor: Pick<Actor, 'mfaVerifiedAt'>, now = Date.now()): boolean {
  return actor.mfaVerifiedAt !== null && now - actor.mfaVerifiedAt.getTime() <= STEP_UP_MS;
}

/**
 * Granting or deciding a staff role, and changing one's own factors once one exists, need — from a
 * user who has a second factor — a check of it at most 10 minutes old: 403 `step_up_required`
 * otherwise (`POST /auth/step-up` does the check).
 */
export function assertRecentStepUp(actor: Actor): void {
  if (!actor.mfaEnrolled || hasRecentStepUp(actor)) return;
  const message = germanProblem('mfaStepUpRequired');
  throw new ApiError('step_up_required', message, {
    details: [{ path: '(root)', message, code: 'mfaStepUpRequired' }],
  });
}

/** `POST /auth/step-up/options`: a WebAuthn challenge over the user's passkeys. */
export async function stepUpOptions(actor: Actor) {
  const db = await getDb();
  if (!(await hasSecondFactor(db, actor.id))) throw invalidField('code', 'mfaNoFactor');
  const options = await authenticationOptions(db, actor.id);
  await issueChallenge(db, actor.id, 'step_up', options.challenge);
  return { options: { ...options } };
}

/**
 * `POST /auth/step-up`: a current factor starts the session's 10 minutes. It goes through the
 * sign-in's limits (verifySecondFactor); a passkey's challenge is taken before its assertion is
 * checked, so one assertion serves one request.
 */
export async function stepUp(actor: Actor, input: StepUpInput, ip: string): Promise<void> {
  const db = await getDb();
  if (!(await hasSecondFactor(db, actor.id))) throw invalidField('code', 'mfaNoFactor');
  const user = await loadMfaUser(db, actor.id);
  const method = await verifySecondFactor(user, ip, input, {
    challenge: () => takeChallenge(db, actor.id, 'step_up'),
  });
  await markSessionVerified(db, actor.sessionId);
  if (method === 'recovery_code') {
    await db.transaction((tx) =>
      recordMfaEvent(tx, actor, user, 'mfa_recovery_code_used', [
        { field: 'recoveryCode', before: null, after: 'used' },
      ]),
    );
  }
}
