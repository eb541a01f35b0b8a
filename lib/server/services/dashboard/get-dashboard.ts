import 'server-only';
import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { ACCOUNT_STATUSES, type AccountStatus } from '@/lib/schemas/account';
import { DASHBOARD_LIST_SIZE, type Dashboard } from '@/lib/schemas/task';
import { berlinToday, startOfWeek } from '@/lib/schemas/task-due';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { DbOrTx } from '@/lib/server/db/types';
import { accountCounts, accounts, approvals, changes, documents, tasks } from '@/lib/server/db/schema';
import { accountIdInReach, accountReach } from '@/lib/server/services/accounts/reach';
import { approvalConditions, approvalOrder } from '@/lib/server/services/approvals/approval-list-query';
import {
  approvalListColumns,
  decider,
  requester,
  toApprovalListItem,
} from '@/lib/server/services/approvals/approval-record';
import { changeConditions, changeOrder, toChanges } from '@/lib/server/services/changes/change-list-query';
import {
  selectTasks,
  taskConditions,
  taskOrder,
  toTaskListItem,
  type TaskFilters,
} from '@/lib/server/services/tasks/task-list-query';

/** My open tasks: exactly the list `view=assigned&status=not_done`, soonest due first. */
export const OPEN_TASKS_FILTERS = {
  view: 'assigned',
  status: 'not_done',
  sort: 'dueDate',
  order: 'asc',
} as const satisfies TaskFilters;

async function myTasks(db: DbOrTx, actor: Actor, now: Date): Promise<Dashboard['tasks']> {
  if (!actor.scopes.has('tasks.read')) return null;
  const open = taskConditions(actor, OPEN_TASKS_FILTERS, now);
  // Overdue (`due=overdue`: not done, due before today in Germany) is a part of the open ones:
  // both counts in one scan.
  const [[counts], rows] = await Promise.all([
    db
      .select({ open: sql`count(*)`, overdue: sql`count(*) filter (where ${lt(tasks.dueDate, berlinToday(now))})` })
      .from(tasks)
      .where(open),
    selectTasks(db)
      .where(open)
      .orderBy(...taskOrder(OPEN_TASKS_FILTERS))
      .limit(DASHBOARD_LIST_SIZE),
  ]);
  return {
    openCount: Number(counts?.open ?? 0),
    overdueCount: Number(counts?.overdue ?? 0),
    items: rows.map((row) => toTaskListItem(row, now)),
  };
}

/** Deciders: other people's open requests (oldest first); everyone else: their own open requests. */
async function waitingApprovals(db: DbOrTx, actor: Actor): Promise<Dashboard['approvals']> {
  if (!actor.scopes.has('approvals.read')) return null;
  const mode = actor.scopes.has('approvals.decide') ? 'decide' : 'requested';
  const filters = { status: 'pending', mine: mode === 'requested', sort: 'requestedAt', order: 'asc' } as const;
  // The total rides along each row (a window count), so the card costs one query.
  const rows = await db
    .select({ ...approvalListColumns, total: sql<number>`count(*) over ()` })
    .from(approvals)
    .innerJoin(requester, eq(requester.id, approvals.requestedById))
    .leftJoin(decider, eq(decider.id, approvals.decidedById))
    .where(approvalConditions(actor, filters))
    .orderBy(...approvalOrder(filters))
    .limit(DASHBOARD_LIST_SIZE);
  return { mode, count: Number(rows[0]?.total ?? 0), items: rows.map(toApprovalListItem) };
}

async function latestChanges(db: DbOrTx, actor: Actor): Promise<Dashboard['changes']> {
  if (!actor.scopes.has('history.read')) return null;
  const rows = await db
    .select()
    .from(changes)
    .where(changeConditions(actor, { sort: 'at', order: 'desc' }))
    .orderBy(...changeOrder('desc'))
    .limit(DASHBOARD_LIST_SIZE);
  return { items: await toChanges(db, rows) };
}

/**
 * Accounts in reach by status. Admin, back office and distributors read the trigger-kept totals
 * (`account_counts`, a handful of rows at 100,000 accounts); a manager's tree is small.
 */
async function accountsByStatus(db: DbOrTx, actor: Actor): Promise<Dashboard['accountsByStatus']> {
  if (!actor.scopes.has('accounts.read')) return null;
  let rows: { status: string; n: unknown }[];
  if (actor.role === 'manager') {
    rows = await db
      .select({ status: accounts.status, n: sql`count(*)` })
      .from(accounts)
      .where(accountReach(actor))
      .groupBy(accounts.status);
  } else {
    rows = await db
      .select({ status: accountCounts.status, n: sql`sum(${accountCounts.n})` })
      .from(accountCounts)
      .where(actor.role === 'distributor' ? eq(accountCounts.distributorKey, actor.id) : undefined)
      .groupBy(accountCounts.status);
  }
  const counts = new Map(rows.map((row) => [row.status, Number(row.n ?? 0)]));
  return ACCOUNT_STATUSES.map((status: AccountStatus) => ({ status, count: counts.get(status) ?? 0 }));
}

/** Documents added since Monday 00:00 in Germany, in reach (general documents count for everyone). */
async function documentsThisWeek(db: DbOrTx, actor: Actor, now: Date): Promise<Dashboard['documents']> {
  if (!actor.scopes.has('documents.read')) return null;
  const since = startOfWeek(berlinToday(now));
  const reach = accountIdInReach(actor, documents.accountId);
  const where = and(
    isNull(documents.deletedAt),
    gte(documents.createdAt, sql`(${since}::date)::timestamp at time zone 'Europe/Berlin'`),
    reach ? or(isNull(documents.accountId), reach) : undefined,
  );
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      category: documents.category,
      accountName: accounts.name,
      createdAt: documents.createdAt,
      total: sql<number>`count(*) over ()`,
    })
    .from(documents)
    .leftJoin(accounts, eq(accounts.id, documents.accountId))
    .where(where)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(DASHBOARD_LIST_SIZE);
  return {
    since,
    count: Number(rows[0]?.total ?? 0),
    items: rows.map(({ total: _total, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

/**
 * `GET /dashboard`: the home page in one request, each part for the caller's reach and only
 * when they hold its scope. Six queries in all (lists carry their totals as window counts), each
 * on an index or a small counter table, so it stays fast at 100,000 accounts and a million changes.
 */
export async function getDashboard(actor: Actor, now: Date = new Date()): Promise<Dashboard> {
  const db = await getDb();
  const [tasks, approvals, changes, accountStatus, documentsAdded] = await Promise.all([
    myTasks(db, actor, now),
    waitingApprovals(db, actor),
    latestChanges(db, actor),
    accountsByStatus(db, actor),
    documentsThisWeek(db, actor, now),
  ]);
  return { tasks, approvals, changes, accountsByStatus: accountStatus, documents: documentsAdded };
}
