import 'server-only';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Task, taskCreateSchema } from '@/lib/schemas/task';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { tasks } from '@/lib/server/db/schema';
import { createdFields } from '@/lib/server/history/change-fields';
import { recordChange } from '@/lib/server/history/record-change';
import { notifyJob } from '@/lib/server/services/notifications/fan-out';
import { requireTask } from './task-record';
import { assertTaskAccount, requireAssignableUser } from './task-rules';

export type TaskCreate = z.output<typeof taskCreateSchema>;

/**
 * `POST /tasks`: a task for the actor (a to-do) or someone in their reach, optionally about an
 * account both can see. A task created as done is completed now. History in the same transaction.
 */
export async function createTask(actor: Actor, input: TaskCreate): Promise<Task> {
  const db = await getDb();
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const assignee = await requireAssignableUser(tx, actor, input.assigneeId);
    if (input.accountId) await assertTaskAccount(tx, actor, assignee, input.accountId);
    const values = {
      title: input.title,
      description: input.description,
      status: input.status,
      priority: input.priority,
      dueDate: input.dueDate,
      assigneeId: input.assigneeId,
      createdById: actor.id,
      accountId: input.accountId,
      completedAt: input.status === 'done' ? new Date() : null,
    };
    await tx.insert(tasks).values({ id, ...values });
    await recordChange(tx, {
      actor,
      entityType: 'task',
      entityId: id,
      entityLabel: input.title,
      accountId: input.accountId,
      action: 'create',
      fields: createdFields(values),
      job: notifyJob({ kind: 'taskAssigned', taskId: id, assigneeId: input.assigneeId, actorId: actor.id, version: 1 }),
    });
  });
  return requireTask(db, actor, id);
}
