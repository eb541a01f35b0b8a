import 'server-only';
import type { TaskListQuery } from '@/lib/schemas/task';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { countTasks, selectTaskPage, toTaskListItem } from './task-list-query';

/** `GET /tasks`: the tasks of one view in the actor's reach, filtered, sorted and paged. */
export async function findTasks(actor: Actor, query: TaskListQuery) {
  const db = await getDb();
  const now = new Date();
  const [total, rows] = await Promise.all([
    countTasks(db, actor, query, now),
    selectTaskPage(db, actor, query, { limit: query.perPage, offset: (query.page - 1) * query.perPage }, now),
  ]);
  return { items: rows.map((row) => toTaskListItem(row, now)), total, page: query.page, perPage: query.perPage };
}
