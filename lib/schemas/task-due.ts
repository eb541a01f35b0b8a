// Plain functions without zod: the tasks list's rows and the dashboard import them in the browser.

/** German working days: "today" and "overdue" are calendar days in Germany (SPEC §2 Task). */
export const TASK_TIME_ZONE = 'Europe/Berlin';

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TASK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `2026-11-24`: the calendar day in Germany at `now` (23:30 UTC in winter is already tomorrow there). */
export function berlinToday(now: Date = new Date()): string {
  return isoDay.format(now);
}

/** `day` plus `days` calendar days, as `JJJJ-MM-TT` (pure date arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday of the week `day` falls in (German weeks start on Monday). */
export function startOfWeek(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

export const TASK_DUE_FILTERS = ['overdue', 'today', 'week'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

/**
 * The due dates a filter means, as a half-open day range `[from, until)` (either side open):
 * overdue = before today (and not done, which the query adds); today = today; week = today and
 * the six days after it.
 */
export function dueRange(filter: TaskDueFilter, now: Date = new Date()): { from?: string; until?: string } {
  const today = berlinToday(now);
  switch (filter) {
    case 'overdue':
      return { until: today };
    case 'today':
      return { from: today, until: addDays(today, 1) };
    case 'week':
      return { from: today, until: addDays(today, 7) };
  }
}

/** A task that is not done and whose due day has passed in Germany. */
export function isTaskOverdue(task: { status: string; dueDate: string | null }, now: Date = new Date()): boolean {
  return task.status !== 'done' && task.dueDate !== null && task.dueDate < berlinToday(now);
}
