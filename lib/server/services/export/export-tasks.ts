import 'server-only';
import type { TaskExportQuery } from '@/lib/schemas/task';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, type CsvCell } from '@/lib/server/http/csv';
import { exportColumns, exportResponse, type ExportFormat } from '@/lib/server/http/export-table';
import type { ColumnKind } from '@/lib/server/http/xlsx';
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

const TASK_KINDS: ColumnKind[] = ['text', 'text', 'text', 'date', 'text', 'text', 'text', 'date', 'date'];

/**
 * `GET /export/tasks.csv` and `.xlsx`: the task list of one view as the caller filtered and sorted it, every
 * page of it, only tasks in reach, read in batches of 1,000 as the client downloads.
 */
export function exportTasks(
  actor: Actor,
  query: TaskExportQuery,
  locale: CsvLocale = 'de',
  format: ExportFormat = 'csv',
): Response {
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
          // A calendar day, not an instant: noon UTC is that day in Germany too.
          row.dueDate ? new Date(`${row.dueDate}T12:00:00Z`) : null,
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

  return exportResponse(format, {
    fileName: `${locale === 'en' ? 'tasks' : 'aufgaben'}-${berlinIsoDate()}`,
    sheetName: locale === 'en' ? 'Tasks' : 'Aufgaben',
    columns: exportColumns(csvHeader(texts, 'tasks', TASK_COLUMNS), TASK_KINDS),
    rows: rows(),
    locale,
  });
}
