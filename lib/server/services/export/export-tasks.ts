import 'server-only';
import type { TaskExportQuery } from '@/lib/schemas/task';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, formatGermanDate, type CsvCell } from '@/lib/server/http/csv';
import { selectTaskPage, toTaskListItem } from '@/lib/server/services/tasks/task-list-query';
import { taskViewCondition } from '@/lib/server/services/tasks/task-reach';
import { csvHeader, csvTexts, labelOf, type CsvLocale } from '@/lib/server/http/csv-texts';

const BATCH_ROWS = 1000;

const TASK_COLUMNS = [
  'title',
  'status',
  'priority',
  'dueDate',
  'assignee',
  'createdBy',
  'account',
  'completedAt',
  'createdAt',
] as const;

/**
 * `GET /export/tasks.csv`: the task list of one view as the caller filtered and sorted it, every
 * page of it, only tasks in reach, read in batches of 1,000 as the client downloads.
 */
export function exportTasksCsv(actor: Actor, query: TaskExportQuery, locale: CsvLocale = 'de'): Response {
  // `view=all` of someone who may not see it is a 403 before the download starts, not a cut file.
  taskViewCondition(actor, query.view);
  const texts = csvTexts(locale);
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    const now = new Date();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectTaskPage(db, actor, query, { limit: BATCH_ROWS, offset }, now);
      for (const entry of batch) {
        const row = toTaskListItem(entry, now);
        yield [
          row.title,
          labelOf(texts.taskStatus, row.status),
          labelOf(texts.taskPriority, row.priority),
          // A calendar day, not an instant: formatted as it is, without a time zone shift.
          row.dueDate ? formatGermanDate(`${row.dueDate}T12:00:00Z`) : '',
          row.assignee.name,
          row.createdBy.name,
          row.account?.name ?? '',
          entry.completedAt,
          entry.createdAt,
        ];
      }
      if (batch.length < BATCH_ROWS) return;
    }
  }

  return csvResponse({
    fileName: `${locale === 'en' ? 'tasks' : 'aufgaben'}-${berlinIsoDate()}.csv`,
    header: csvHeader(texts, 'tasks', TASK_COLUMNS),
    rows: rows(),
    locale,
  });
}
