import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/types';
import { userLabel } from '@/lib/server/history/change-fields';
import { ApiError, invalidField } from '@/lib/server/http/api-error';
import { germanProblem } from '@/lib/server/http/german-problem';
import { requestApproval, type ApprovalRef } from '@/lib/server/services/approvals/request-approval';
import { revokeUserSessions } from '@/lib/server/services/auth/revoke-session';
import { requireUserRow } from '@/lib/server/services/users/user-record';
import { hasSecondFactor, mfaMethodsOf, removeAllFactors } from './mfa-factors';
import { loadMfaUser, recordMfaEvent } from './verify-factor';

const ownReset = () => new ApiError('four_eyes', germanProblem('mfaResetOwn'));

/**
 * `POST /users/{id}/mfa-reset` (administrators): a user who lost their factor gets them removed —
 * only through an approval another person decides, and never for oneself. Files a pending
 * `mfa_reset`; a user out of reach answers 404 like an unknown one.
 */
export async function requestMfaReset(actor: Actor, userId: string, input: { reason: string }): Promise<ApprovalRef> {
  if (actor.role !== 'admin') throw new ApiError('forbidden', 'Keine Berechtigung für diese Aktion.');
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = await requireUserRow(tx, actor, userId);
    if (user.id === actor.id) throw ownReset();
    if (!(await hasSecondFactor(tx, user.id))) throw invalidField('id', 'mfaNoFactor');
    return requestApproval(tx, actor, {
      kind: 'mfa_reset',
      entityType: 'user',
      entityId: user.id,
      entityLabel: userLabel(user),
      accountId: user.accountId,
      payload: { mfa: 'reset' },
      baseVersion: user.version,
      reason: input.reason,
      current: { mfa: (await mfaMethodsOf(tx, user.id)).join(', ') },
    });
  });
}

/**
 * Applies an approved reset in the decision's transaction: the factors go, the user's sessions
 * end, the history names the approval and the user's notice mail is queued. Nobody decides the
 * reset of their own factors.
 */
export async function applyMfaReset(tx: Tx, actor: Actor, approval: { id: string; entityId: string }): Promise<void> {
  if (approval.entityId === actor.id) throw ownReset();
  const user = await loadMfaUser(tx, approval.entityId);
  const methods = await mfaMethodsOf(tx, user.id);
  await removeAllFactors(tx, user.id);
  await revokeUserSessions(user.id, 'mfa_reset', { tx });
  await recordMfaEvent(
    tx,
    actor,
    user,
    'mfa_reset',
    [{ field: 'mfa', before: methods.join(', ') || null, after: null }],
    approval.id,
  );
}
