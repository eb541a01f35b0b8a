import 'server-only';
import type { TaskExportQuery } from '@/lib/schemas/task';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { berlinIsoDate, csvResponse, formatGermanDate, type CsvCell } from '@/lib/server/http/csv';
import { selectTaskPage, toTaskListItem } from '@/lib/server/services/tasks/task-list-query';
import { taskViewCondition } from '@/lib/server/services/tasks/task-reach';

const BATCH_ROWS = 1000;

/**
 * The export speaks the caller's language (their profile's `locale`), like the UI they download it
 * from: the API cannot read the UI's catalogue, so its few words live here.
 */
export const TASK_CSV_TEXTS = {
  de: {
    header: ['Titel', 'Status', 'Priorität', 'Fällig am', 'Zugewiesen an', 'Angelegt von', 'Konto', 'Erledigt am', 'Angelegt am'],
    status: { open: 'Offen', in_progress: 'In Bearbeitung', done: 'Erledigt' },
    priority: { low: 'Niedrig', normal: 'Normal', high: 'Hoch' },
    fileName: 'aufgaben',
  },
  en: {
    header: ['Title', 'Status', 'Priority', 'Due', 'Assignee', 'Created by', 'Account', 'Completed on', 'Created on'],
    status: { open: 'Open', in_progress: 'In progress', done: 'Done' },
    priority: { low: 'Low', normal: 'Normal', high: 'High' },
    fileName: 'tasks',
  },
} as const;

/**
 * `GET /export/tasks.csv`: the task list of one view as the caller filtered and sorted it, every
 * page of it, only tasks in reach, read in batches of 1,000 as the client downloads.
 */
export function exportTasksCsv(actor: Actor, query: TaskExportQuery): Response {
  // `view=all` of someone who may not see it is a 403 before the download starts, not a cut file.
  taskViewCondition(actor, query.view);
  const texts = TASK_CSV_TEXTS[actor.locale === 'en' ? 'en' : 'de'];
  async function* rows(): AsyncGenerator<CsvCell[]> {
    const db = await getDb();
    const now = new Date();
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await selectTaskPage(db, actor, query, { limit: BATCH_ROWS, offset }, now);
      for (const entry of batch) {
        const row = toTaskListItem(entry, now);
        yield [
          row.title,
          texts.status[row.status],
          texts.priority[row.priority],
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

  return csvResponse({ fileName: `${texts.fileName}-${berlinIsoDate()}.csv`, header: texts.header, rows: rows() });
}
