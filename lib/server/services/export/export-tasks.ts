import 'server-only';
import type { TaskExportQuery } from '@/lib/schemas/task';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, formatGermanDate, type CsvCell } from '@/lib/server/http/csv';
import { selectTaskPage, toTaskListItem } from '@/lib/server/services/tasks/task-list-query';
import { taskViewCondition } from '@/lib/server/services/tasks/task-reach';

const BATCH_ROWS = 1000;

export const TASK_CSV_HEADER = [
  'Titel',
  'Status',
  'Priorität',
  'Fällig am',
  'Zugewiesen an',
  'Angelegt von',
  'Konto',
  'Erledigt am',
  'Angelegt am',
] as const;

export const TASK_STATUS_LABELS_DE = { open: 'Offen', in_progress: 'In Bearbeitung', done: 'Erledigt' } as const;
export const TASK_PRIORITY_LABELS_DE = { low: 'Niedrig', normal: 'Normal', high: 'Hoch' } as const;

/**
 * `GET /export/tasks.csv`: the task list of one view as the caller filtered and sorted it, every
 * page of it, only tasks in reach, read in batches of 1,000 as the client downloads.
 */
export function exportTasksCsv(actor: Actor, query: TaskExportQuery): Response {
  // `view=all` of someone who may not see it is a 403 before the download starts, not a cut file.
  taskViewCondition(actor, query.view);
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    const now = new Date();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectTaskPage(db, actor, query, { limit: BATCH_ROWS, offset }, now);
      for (const entry of batch) {
        const row = toTaskListItem(entry, now);
        yield [
          row.title,
          TASK_STATUS_LABELS_DE[row.status],
          TASK_PRIORITY_LABELS_DE[row.priority],
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

  return csvResponse({ fileName: `aufgaben-${berlinIsoDate()}.csv`, header: TASK_CSV_HEADER, rows: rows() });
}
