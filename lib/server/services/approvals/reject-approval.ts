import 'server-only';
import type { Approval } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { assertMayDecide, closeApproval, loadApproval, lockPendingApproval, recordDecision } from './approval-record';

/**
 * `POST /approvals/{id}/reject` (approvals.decide; who may: assertMayDecide): refuses the request with a
 * comment; the entity stays as it is. A held invitation stays held (the user can be re-roled).
 */
export async function rejectApproval(actor: Actor, id: string, input: { comment: string }): Promise<Approval> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await lockPendingApproval(tx, actor, id);
    await assertMayDecide(tx, actor, row);
    await closeApproval(tx, actor, row, 'rejected', input.comment);
    await recordDecision(tx, actor, row, 'rejected', input.comment);
    return loadApproval(tx, actor, id);
  });
}
