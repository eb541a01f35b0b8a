// Plain constants without zod: the tasks list's status select and the navbar badge import them in
// the browser, and zod would add ~90 kB (gzip) to those pages' JavaScript.

export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/**
 * Whose tasks a list shows: `assigned` those assigned to me (my to-dos included), `todo` those I
 * gave myself, `delegated` those I gave someone else, `mine` everything I created or was given,
 * `all` every task (admin and back office only).
 */
export const TASK_VIEWS = ['assigned', 'todo', 'delegated', 'mine', 'all'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

/** `not_done`: open or in progress (the dashboard's "open tasks", the navbar badge). */
export const TASK_STATUS_FILTERS = [...TASK_STATUSES, 'not_done'] as const;
export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];
