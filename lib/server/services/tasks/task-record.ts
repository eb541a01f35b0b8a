import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Task } from '@/lib/schemas/task';
import type { DbOrTx } from '@/lib/server/db/types';
import { tasks } from '@/lib/server/db/schema';
import { notFound } from '@/lib/server/http/api-error';
import { conflict } from '@/lib/server/http/etag';
import { selectTasks, toTaskListItem } from './task-list-query';
import { type ActorReach, taskReach } from './task-reach';

export type TaskRow = typeof tasks.$inferSelect;

export const taskNotFound = () => notFound('Aufgabe');

/** The task row itself if it is in reach; `lock: 'update'` holds it for the rest of the transaction. */
export async function requireTaskRow(
  db: DbOrTx,
  actor: ActorReach,
  id: string,
  options: { lock?: 'update' } = {},
): Promise<TaskRow> {
  const query = db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), taskReach(actor)))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  if (!row) throw taskNotFound();
  return row;
}

/** The API record of one task in reach, with the names of assignee, creator and account; 404 otherwise. */
export async function requireTask(db: DbOrTx, actor: ActorReach, id: string): Promise<Task> {
  const [row] = await selectTasks(db)
    .where(and(eq(tasks.id, id), taskReach(actor)))
    .limit(1);
  if (!row) throw taskNotFound();
  return { ...toTaskListItem(row), description: row.description };
}

/** 409 with the task as it is now, so the client can show what changed. */
export async function taskVersionConflict(db: DbOrTx, actor: ActorReach, id: string) {
  return conflict(await requireTask(db, actor, id));
}
