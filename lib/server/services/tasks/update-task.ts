import { notifyJob } from '@/lib/server/services/notifications/fan-out';
import 'server-only';
import type { z } from 'zod';
import type { Task, taskUpdateSchema } from '@/lib/schemas/task';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/types';
import { tasks } from '@/lib/server/db/schema';
import { isStale, updateVersioned, type ExpectedVersion } from '@/lib/server/db/versioned-update';
import { requireTask, requireTaskRow, taskVersionConflict } from './task-record';
import { assertTaskAccount, requireAssignableUser } from './task-rules';

export type TaskUpdate = z.output<typeof taskUpdateSchema>;

/**
 * `PATCH /tasks/{id}` with optimistic locking (SPEC §5). Everyone who sees the task and may write
 * tasks may change it (creator, assignee, admin, back office). A new assignee or account is
 * checked like on create (the assignee must see the account); `completedAt` is set when the status
 * becomes done and cleared when it leaves done.
 */
export async function updateTask(
  actor: Actor,
  id: string,
  input: TaskUpdate,
  expectedVersion: ExpectedVersion,
): Promise<Task> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await changeTask(tx, actor, id, input, expectedVersion);
    return requireTask(tx, actor, id);
  });
}

/**
 * The same change for a bulk action (`POST /tasks/bulk`), in a transaction of its own per task,
 * without reading the record back for an answer that only says `ok`.
 */
export async function updateTaskInBulk(
  actor: Actor,
  id: string,
  input: TaskUpdate,
  expectedVersion: ExpectedVersion,
): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => changeTask(tx, actor, id, input, expectedVersion));
}

async function changeTask(
  tx: Tx,
  actor: Actor,
  id: string,
  input: TaskUpdate,
  expectedVersion: ExpectedVersion,
): Promise<void> {
  const { version: _version, ...requested } = input;
  const current = await requireTaskRow(tx, actor, id, { lock: 'update' });
  if (isStale(current.version, expectedVersion)) throw await taskVersionConflict(tx, actor, id);

  const changes: Record<string, unknown> = { ...requested };
  const nextAssigneeId = requested.assigneeId ?? current.assigneeId;
  const nextAccountId = requested.accountId !== undefined ? requested.accountId : current.accountId;
  const isReassigned = nextAssigneeId !== current.assigneeId;
  const isAccountChanged = nextAccountId !== current.accountId;
  if (isReassigned || isAccountChanged) {
    // Keeping the assignee is always allowed; a new one must be someone the actor may give tasks.
    const assignee = await requireAssignableUser(
      tx,
      isReassigned ? actor : { ...actor, id: nextAssigneeId },
      nextAssigneeId,
    );
    if (nextAccountId) await assertTaskAccount(tx, actor, assignee, nextAccountId);
  }
  if (requested.status !== undefined && requested.status !== current.status) {
    if (requested.status === 'done') changes.completedAt = new Date();
    else if (current.status === 'done') changes.completedAt = null;
  }

  await updateVersioned(tx, {
    table: tasks,
    current,
    expectedVersion,
    changes,
    conflict: () => taskVersionConflict(tx, actor, id),
    history: (row) => ({
      actor,
      entityType: 'task',
      entityId: id,
      entityLabel: row.title,
      accountId: row.accountId,
      job: isReassigned
        ? notifyJob({
            kind: 'taskAssigned',
            taskId: id,
            assigneeId: nextAssigneeId,
            actorId: actor.id,
            version: row.version,
          })
        : undefined,
    }),
  });
}
