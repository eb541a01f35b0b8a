import 'server-only';
import type { Approval } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { sendMail } from '@/lib/server/mail/send-mail';
import { applyApproval } from './apply-approval';
import { assertMayDecide, closeApproval, loadApproval, lockPendingApproval, recordDecision } from './approval-record';

/**
 * `POST /approvals/{id}/approve` (approvals.decide; who may: assertMayDecide): applies the proposed change
 * in the same transaction as the decision and both history entries, so either all of it happens or
 * none. If the entity changed since the request, the approval becomes `obsolete` instead and
 * nothing is applied (answered 200 with that status: the approval did change). An approved role
 * grant sends the invitation mail held back since the invitation, queued in the same transaction.
 */
export async function approveApproval(actor: Actor, id: string, input: { comment: string }): Promise<Approval> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await lockPendingApproval(tx, actor, id);
    await assertMayDecide(tx, actor, row);
    const result = await applyApproval(tx, actor, row);
    const status = result.applied ? 'approved' : 'obsolete';
    await closeApproval(tx, actor, row, status, input.comment);
    await recordDecision(tx, actor, row, status, input.comment);
    // The invitation held back for the grant, or an MFA reset's notice: queued with the decision.
    if (result.applied && result.mail) await sendMail(result.mail, tx);
    return loadApproval(tx, actor, id);
  });
}
