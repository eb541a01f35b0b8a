import { z } from './zod';
import { calendarDay } from './calendar-day';
import { bulkActionSchema, versionedBulkActionSchema } from './bulk';
import { listQuerySchema, listResponseSchema } from './list';
import { multiLineText, singleLineText } from './text';
import { TASK_DUE_FILTERS } from './task-due';
import { approvalListItemSchema } from './approval';
import { changeSchema } from './change';
import { ACCOUNT_STATUSES } from './account';
import { TASK_PRIORITIES, TASK_STATUSES, TASK_STATUS_FILTERS, TASK_VIEWS } from './task-constants';

/*
 * Messages are left to the form's error map (the catalogue's `validation.*`), so the English UI
 * shows English texts; the API answers zod's German locale.
 */

export { TASK_PRIORITIES, TASK_STATUSES, TASK_STATUS_FILTERS, TASK_VIEWS };
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export const taskPrioritySchema = z.enum(TASK_PRIORITIES);
export type TaskPriority = z.infer<typeof taskPrioritySchema>;
export const taskViewSchema = z.enum(TASK_VIEWS);
export type TaskView = z.infer<typeof taskViewSchema>;

/** A calendar day `JJJJ-MM-TT` between 2000 and 2999 (a typo like 20266 is refused, not stored). */
const dueDateSchema = calendarDay({ min: '2000-01-01', max: '2999-12-31' });

const taskFields = {
  title: singleLineText().min(1).max(200),
  description: multiLineText().max(5000),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  dueDate: dueDateSchema.nullable(),
  assigneeId: z.uuid(),
  accountId: z.uuid().nullable(),
};

export const taskCreateSchema = z
  .strictObject({
    ...taskFields,
    description: taskFields.description.default(''),
    status: taskFields.status.default('open'),
    priority: taskFields.priority.default('normal'),
    dueDate: taskFields.dueDate.default(null),
    accountId: taskFields.accountId.default(null),
  })
  .meta({ id: 'TaskCreate' });
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

export const taskUpdateSchema = z
  .strictObject({
    ...taskFields,
    /** Optimistic locking: instead of an If-Match header. */
    version: z.number().int().min(1),
  })
  .partial()
  .meta({ id: 'TaskUpdate' });
export type TaskUpdateInput = z.input<typeof taskUpdateSchema>;

export const taskPersonSchema = z.object({ id: z.uuid(), name: z.string() });

export const taskListItemSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    status: taskStatusSchema,
    priority: taskPrioritySchema,
    dueDate: z.iso.date().nullable(),
    /** Not done and due before today in Germany. */
    isOverdue: z.boolean(),
    assignee: taskPersonSchema,
    createdBy: taskPersonSchema,
    account: taskPersonSchema.nullable(),
    completedAt: z.iso.datetime({ offset: true }).nullable(),
    version: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'TaskListItem' });
export type TaskListItem = z.infer<typeof taskListItemSchema>;

export const taskSchema = taskListItemSchema.extend({ description: z.string() }).meta({ id: 'Task' });
export type Task = z.infer<typeof taskSchema>;

export const TASK_SORT_FIELDS = ['dueDate', 'priority', 'status', 'title', 'createdAt', 'updatedAt'] as const;

export const taskListQuerySchema = listQuerySchema(TASK_SORT_FIELDS, 'dueDate')
  .extend({
    view: taskViewSchema.default('assigned'),
    status: z.enum(TASK_STATUS_FILTERS).optional(),
    priority: taskPrioritySchema.optional(),
    due: z.enum(TASK_DUE_FILTERS).optional(),
    accountId: z.uuid().optional(),
    assigneeId: z.uuid().optional(),
  })
  .strict()
  .meta({ id: 'TaskListQuery' });
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
export const taskListSchema = listResponseSchema(taskListItemSchema).meta({ id: 'TaskList' });

export const taskExportQuerySchema = taskListQuerySchema
  .omit({ page: true, perPage: true })
  .meta({ id: 'TaskExportQuery' });
export type TaskExportQuery = z.infer<typeof taskExportQuerySchema>;

/** Type-ahead of the pickers: part of a name (or e-mail), at most `perPage` matches. */
export const taskPickerQuerySchema = z
  .strictObject({
    q: singleLineText().max(200).optional(),
    /** Accounts: only those this user can see as well (the assignee rule). */
    assigneeId: z.uuid().optional(),
    perPage: z.coerce.number().int().min(1).max(50).default(20),
  })
  .meta({ id: 'TaskPickerQuery' });
export type TaskPickerQuery = z.infer<typeof taskPickerQuerySchema>;

export const taskAssigneeOptionSchema = z
  .object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.string() })
  .meta({ id: 'TaskAssigneeOption' });
export type TaskAssigneeOption = z.infer<typeof taskAssigneeOptionSchema>;
export const taskAssigneeOptionsSchema = z
  .object({ items: z.array(taskAssigneeOptionSchema) })
  .meta({ id: 'TaskAssigneeOptions' });

export const taskAccountOptionSchema = z
  .object({ id: z.uuid(), name: z.string(), customerNumber: z.string() })
  .meta({ id: 'TaskAccountOption' });
export type TaskAccountOption = z.infer<typeof taskAccountOptionSchema>;
export const taskAccountOptionsSchema = z
  .object({ items: z.array(taskAccountOptionSchema) })
  .meta({ id: 'TaskAccountOptions' });

/* Dashboard */

export const DASHBOARD_LIST_SIZE = 5;

export const dashboardSchema = z
  .object({
    /** Open tasks assigned to me (view=assigned&status=not_done), soonest due first; null without tasks.read. */
    tasks: z
      .object({ openCount: z.number().int(), overdueCount: z.number().int(), items: z.array(taskListItemSchema) })
      .nullable(),
    /** `decide`: other people's open requests (deciders); `requested`: my own open requests. */
    approvals: z
      .object({
        mode: z.enum(['decide', 'requested']),
        count: z.number().int(),
        items: z.array(approvalListItemSchema),
      })
      .nullable(),
    changes: z.object({ items: z.array(changeSchema) }).nullable(),
    accountsByStatus: z.array(z.object({ status: z.enum(ACCOUNT_STATUSES), count: z.number().int() })).nullable(),
    /** Documents added since Monday 00:00 in Germany. */
    documents: z
      .object({
        since: z.iso.date(),
        count: z.number().int(),
        items: z.array(
          z.object({
            id: z.uuid(),
            title: z.string(),
            category: z.string(),
            accountName: z.string().nullable(),
            createdAt: z.iso.datetime({ offset: true }),
          }),
        ),
      })
      .nullable(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `POST /tasks/bulk`: status, assignee or priority of many tasks, or delete them (issue 26). */
export const taskBulkSchema = z
  .discriminatedUnion('action', [
    versionedBulkActionSchema('set_status', { status: taskStatusSchema }).meta({ id: 'TaskBulkSetStatus' }),
    versionedBulkActionSchema('reassign', { assigneeId: z.uuid() }).meta({ id: 'TaskBulkReassign' }),
    versionedBulkActionSchema('set_priority', { priority: taskPrioritySchema }).meta({ id: 'TaskBulkSetPriority' }),
    versionedBulkActionSchema('delete', {}).meta({ id: 'TaskBulkDelete' }),
    // Issue 51: the undo of a bulk delete (the same rules as POST /tasks/{id}/restore).
    bulkActionSchema('restore', {}).meta({ id: 'TaskBulkRestore' }),
  ])
  .meta({ id: 'TaskBulk' });
export type TaskBulkInput = z.input<typeof taskBulkSchema>;
