import 'server-only';
import { and, eq, gt, ne, or } from 'drizzle-orm';
import { hrefs } from '@/lib/hrefs';
import { getDb } from '@/lib/server/db/client';
import { tasks, users } from '@/lib/server/db/schema';
import { addDays, berlinDay } from './berlin-time';
import { deliverNotifications, type PlannedNotification } from './fan-out';
import { taskDueRecipients } from './recipients';
import { titles } from './titles';

const BATCH = 500;

/**
 * `taskDue` (a pg-boss cron once a day, before the digest): the assignees of open tasks due
 * tomorrow, and of those that became overdue today (due yesterday), Berlin days. The dedupe key
 * holds the day, so a second run the same day adds nothing.
 */
export async function runTaskDue(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const today = berlinDay(now);
  const tomorrow = addDays(today, 1);
  const yesterday = addDays(today, -1);
  let written = 0;
  let offsetId = '';
  for (;;) {
    const rows = await db
      .select({ task: tasks, assignee: users })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.assigneeId))
      .where(
        and(
          ne(tasks.status, 'done'),
          or(eq(tasks.dueDate, tomorrow), eq(tasks.dueDate, yesterday)),
          offsetId ? gt(tasks.id, offsetId) : undefined,
        ),
      )
      .orderBy(tasks.id)
      .limit(BATCH);
    if (rows.length === 0) break;
    const planned: PlannedNotification[] = rows.flatMap(({ task, assignee }) =>
      taskDueRecipients(assignee, task.status).map(() => {
        const overdue = task.dueDate === yesterday;
        return {
          recipient: assignee,
          kind: 'taskDue' as const,
          title: titles.taskDue(assignee.locale, { title: task.title, dueDate: task.dueDate ?? '' }, overdue),
          entityType: 'task' as const,
          entityId: task.id,
          dedupeKey: `taskDue:${task.id}:${task.dueDate}:${overdue ? 'overdue' : 'tomorrow'}`,
          path: hrefs.task(task.id),
        };
      }),
    );
    written += await db.transaction((tx) => deliverNotifications(tx, planned));
    offsetId = rows.at(-1)!.task.id;
    if (rows.length < BATCH) break;
  }
  return written;
}
