import 'server-only';
import type { Approval } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/http/api-error';
import { closeApproval, loadApproval, lockPendingApproval, recordDecision } from './approval-record';

/** `POST /approvals/{id}/withdraw`: the requester takes back their own pending request. */
export async function withdrawApproval(actor: Actor, id: string, input: { comment: string }): Promise<Approval> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await lockPendingApproval(tx, actor, id);
    if (row.requestedById !== actor.id) {
      throw new ApiError('forbidden', 'Nur wer die Freigabe angefragt hat, kann sie zurückziehen.');
    }
    await closeApproval(tx, actor, row, 'withdrawn', input.comment);
    await recordDecision(tx, actor, row, 'withdrawn', input.comment);
    return loadApproval(tx, actor, id);
  });
}
