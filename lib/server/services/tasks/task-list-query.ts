import 'server-only';
import { type SQL, and, asc, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaskExportQuery, TaskListItem } from '@/lib/schemas/task';
import { berlinToday, dueRange } from '@/lib/schemas/task-due';
import type { DbOrTx } from '@/lib/server/db/types';
import { escapeLike } from '@/lib/server/db/escape-like';
import { accounts, tasks, users } from '@/lib/server/db/schema';
import { userLabel } from '@/lib/server/history/change-fields';
import { type ActorReach, taskReach, taskViewCondition } from './task-reach';

export const assignee = alias(users, 'assignee');
export const creator = alias(users, 'creator');

export type TaskFilters = Omit<TaskExportQuery, 'sort' | 'order'> & Partial<Pick<TaskExportQuery, 'sort' | 'order'>>;

/** Reach, view and every filter of `GET /tasks` and its CSV export; `now` fixes "today" for tests. */
export function taskConditions(actor: ActorReach, filters: TaskFilters, now: Date = new Date()): SQL | undefined {
  const conditions: (SQL | undefined)[] = [taskReach(actor), taskViewCondition(actor, filters.view)];
  if (filters.status === 'not_done') conditions.push(ne(tasks.status, 'done'));
  else if (filters.status) conditions.push(eq(tasks.status, filters.status));
  if (filters.priority) conditions.push(eq(tasks.priority, filters.priority));
  if (filters.due) {
    const range = dueRange(filters.due, now);
    if (range.from) conditions.push(gte(tasks.dueDate, range.from));
    if (range.until) conditions.push(lt(tasks.dueDate, range.until));
    if (filters.due === 'overdue') conditions.push(ne(tasks.status, 'done'));
  }
  if (filters.accountId) conditions.push(eq(tasks.accountId, filters.accountId));
  if (filters.assigneeId) conditions.push(eq(tasks.assigneeId, filters.assigneeId));
  const term = filters.q?.trim();
  if (term) conditions.push(sql`lower(${tasks.title}) like ${`%${escapeLike(term.toLowerCase())}%`}`);
  return and(...conditions);
}

const PRIORITY_RANK = sql`case ${tasks.priority} when 'high' then 3 when 'normal' then 2 else 1 end`;
const STATUS_RANK = sql`case ${tasks.status} when 'open' then 1 when 'in_progress' then 2 else 3 end`;

/** ORDER BY the chosen field, then the due date and `id` (stable paging); tasks without a due date last. */
export function taskOrder(filters: Pick<TaskExportQuery, 'sort' | 'order'>): SQL[] {
  const isDesc = filters.order === 'desc';
  const direction = isDesc ? desc : asc;
  const dueDate = isDesc ? sql`${tasks.dueDate} desc nulls last` : sql`${tasks.dueDate} asc nulls last`;
  const tieBreak = direction(tasks.id);
  switch (filters.sort) {
    case 'dueDate':
      return [dueDate, tieBreak];
    case 'priority':
      return [direction(PRIORITY_RANK), sql`${tasks.dueDate} asc nulls last`, tieBreak];
    case 'status':
      return [direction(STATUS_RANK), sql`${tasks.dueDate} asc nulls last`, tieBreak];
    case 'title':
      return [direction(sql`lower(${tasks.title})`), tieBreak];
    case 'createdAt':
      return [direction(tasks.createdAt), tieBreak];
    case 'updatedAt':
      return [direction(tasks.updatedAt), tieBreak];
  }
}

export const taskColumns = {
  id: tasks.id,
  title: tasks.title,
  description: tasks.description,
  status: tasks.status,
  priority: tasks.priority,
  dueDate: tasks.dueDate,
  assigneeId: tasks.assigneeId,
  createdById: tasks.createdById,
  accountId: tasks.accountId,
  completedAt: tasks.completedAt,
  version: tasks.version,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  assigneeEmail: assignee.email,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  creatorEmail: creator.email,
  accountName: accounts.name,
};

/** Tasks with the names of assignee, creator and account (joins on their keys). */
export function selectTasks(db: DbOrTx) {
  return db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .innerJoin(creator, eq(creator.id, tasks.createdById))
    .leftJoin(accounts, eq(accounts.id, tasks.accountId));
}

export type TaskRowWithNames = Awaited<ReturnType<typeof selectTasks>>[number];

export function toTaskListItem(row: TaskRowWithNames, now: Date = new Date()): TaskListItem {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    priority: row.priority,
    dueDate: row.dueDate,
    isOverdue: row.status !== 'done' && row.dueDate !== null && row.dueDate < berlinToday(now),
    assignee: {
      id: row.assigneeId,
      name: userLabel({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName, email: row.assigneeEmail }),
    },
    createdBy: {
      id: row.createdById,
      name: userLabel({ firstName: row.creatorFirstName, lastName: row.creatorLastName, email: row.creatorEmail }),
    },
    account: row.accountId ? { id: row.accountId, name: row.accountName ?? '' } : null,
    completedAt: row.completedAt?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * One page (or export batch) in two steps: the ids on the tasks table alone, then the rows with
 * their names, so the joins run for the page only.
 */
export async function selectTaskPage(
  db: DbOrTx,
  actor: ActorReach,
  filters: TaskExportQuery,
  window: { limit: number; offset: number },
  now: Date = new Date(),
): Promise<TaskRowWithNames[]> {
  const ids = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(taskConditions(actor, filters, now))
    .orderBy(...taskOrder(filters))
    .limit(window.limit)
    .offset(window.offset);
  if (ids.length === 0) return [];
  return selectTasks(db)
    .where(
      inArray(
        tasks.id,
        ids.map((row) => row.id),
      ),
    )
    .orderBy(...taskOrder(filters));
}

export async function countTasks(db: DbOrTx, actor: ActorReach, filters: TaskFilters, now: Date = new Date()) {
  const [row] = await db.select({ n: count() }).from(tasks).where(taskConditions(actor, filters, now));
  return Number(row?.n ?? 0);
}
