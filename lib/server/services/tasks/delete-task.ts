import 'server-only';
import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { tasks } from '@/lib/server/db/schema';
import { isStale, type ExpectedVersion } from '@/lib/server/db/versioned-update';
import { recordChange } from '@/lib/server/history/record-change';
import { ApiError } from '@/lib/server/http/api-error';
import { keepDeleted } from '@/lib/server/services/trash/deleted-records';
import { requireTaskRow, taskVersionConflict } from './task-record';
import { mayDeleteTask } from './task-reach';

/**
 * `DELETE /tasks/{id}` (If-Match): its creator, admin or back office; the history keeps what it
 * was, in the same transaction, and `deleted_records` the row for the restore window.
 */
export async function deleteTask(actor: Actor, id: string, expectedVersion: ExpectedVersion): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const current = await requireTaskRow(tx, actor, id, { lock: 'update' });
    if (!mayDeleteTask(actor, current)) {
      throw new ApiError('forbidden', 'Nur wer die Aufgabe angelegt hat, darf sie löschen.');
    }
    if (isStale(current.version, expectedVersion)) throw await taskVersionConflict(tx, actor, id);
    // Kept for the restore window (issue 51): `POST /tasks/{id}/restore/`, the toast's "Rückgängig".
    await keepDeleted(tx, actor, {
      id,
      entityType: 'task',
      accountId: current.accountId,
      label: current.title,
      row: current,
    });
    await tx.delete(tasks).where(eq(tasks.id, id));
    await recordChange(tx, {
      actor,
      entityType: 'task',
      entityId: id,
      entityLabel: current.title,
      accountId: current.accountId,
      action: 'delete',
      fields: [
        { field: 'title', before: current.title, after: null },
        { field: 'status', before: current.status, after: null },
        { field: 'assigneeId', before: current.assigneeId, after: null },
      ],
    });
  });
}
