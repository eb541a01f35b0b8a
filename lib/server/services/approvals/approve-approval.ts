import 'server-only';
import type { Approval } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { sendActivationMail } from '@/lib/server/services/users/activation-mail';
import { applyApproval } from './apply-approval';
import { assertNotRequester, closeApproval, loadApproval, lockPendingApproval, recordDecision } from './approval-record';

/**
 * `POST /approvals/{id}/approve` (approvals.decide, not the requester): applies the proposed change
 * in the same transaction as the decision and both history entries, so either all of it happens or
 * none. If the entity changed since the request, the approval becomes `obsolete` instead and
 * nothing is applied (answered 200 with that status: the approval did change). An approved role
 * grant sends the invitation mail held back since the invitation, after commit.
 */
export async function approveApproval(actor: Actor, id: string, input: { comment: string }): Promise<Approval> {
  const db = await getDb();
  const { approval, mail } = await db.transaction(async (tx) => {
    const row = await lockPendingApproval(tx, actor, id);
    assertNotRequester(actor, row);
    const result = await applyApproval(tx, actor, row);
    const status = result.applied ? 'approved' : 'obsolete';
    await closeApproval(tx, actor, row, status, input.comment);
    await recordDecision(tx, actor, row, status, input.comment);
    return { approval: await loadApproval(tx, actor, id), mail: result.applied ? result.mail : null };
  });
  if (mail) await sendActivationMail(mail);
  return approval;
}
