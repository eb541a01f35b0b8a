import 'server-only';
import { asOfQuerySchema, asOfViewSchema } from '@/lib/schemas/as-of';
import { z } from '@/lib/schemas/zod';
import { taskBulkSchema } from '@/lib/schemas/task';
import { bulkOperation } from '../bulk-operation';
import { idParamsSchema } from '@/lib/schemas/common';
import {
  taskAccountOptionsSchema,
  taskAssigneeOptionsSchema,
  taskCreateSchema,
  taskExportQuerySchema,
  taskListQuerySchema,
  taskListSchema,
  taskPickerQuerySchema,
  taskSchema,
  taskUpdateSchema,
} from '@/lib/schemas/task';
import { CSV_EXPORT, XLSX_EXPORT, defineOperation } from '../operation';

const tag = 'Tasks';

export const list = defineOperation({
  method: 'GET',
  path: '/tasks',
  summary:
    'Tasks of one view: assigned (to me, my to-dos included), todo (mine to myself), delegated (mine to others), mine (either), all (admin and back office only, else 403); filtered by status (not_done = open or in progress), priority, due (overdue, today, week: days in Europe/Berlin), accountId, assigneeId and q (title), sorted and paged',
  tag,
  access: 'tasks.read',
  query: taskListQuerySchema,
  response: taskListSchema,
});

export const create = defineOperation({
  method: 'POST',
  path: '/tasks',
  summary:
    'New task for oneself or a user in reach; with accountId an account in reach that the assignee can see as well (422 otherwise). Answers the record with its ETag',
  tag,
  access: 'tasks.write',
  body: taskCreateSchema,
  response: taskSchema,
  etag: (task) => task.version,
  location: (task) => `/tasks/${task.id}`,
  successStatus: 201,
});

export const assignees = defineOperation({
  method: 'GET',
  path: '/tasks/assignees',
  summary: 'Type-ahead of the assignee picker: oneself and the users in reach (not deactivated), by name or e-mail',
  tag,
  access: 'tasks.write',
  query: taskPickerQuerySchema,
  response: taskAssigneeOptionsSchema,
});

export const accounts = defineOperation({
  method: 'GET',
  path: '/tasks/accounts',
  summary:
    'Type-ahead of the account picker: accounts in reach that are not archived, by name or customer number; with assigneeId only those the assignee can see too',
  tag,
  access: 'tasks.write',
  query: taskPickerQuerySchema,
  response: taskAccountOptionsSchema,
});

export const get = defineOperation({
  method: 'GET',
  path: '/tasks/[id]',
  summary:
    'One task in reach with the names of assignee, creator and account; ETag = version; with asOf the record as of that moment, rebuilt from the history (AsOfView: fields changed since, whether its entries verify; 422 before it existed)',
  tag,
  access: 'tasks.read',
  params: idParamsSchema,
  query: asOfQuerySchema,
  response: z.union([taskSchema, asOfViewSchema]),
  etag: (answer) => ('version' in answer ? answer.version : undefined),
  errors: [404, 422],
});

export const update = defineOperation({
  method: 'PATCH',
  path: '/tasks/[id]',
  summary:
    'Change a task; needs If-Match (or version). A new assignee or account follows the create rules; completedAt is set when the status becomes done and cleared when it leaves done',
  tag,
  access: 'tasks.write',
  params: idParamsSchema,
  body: taskUpdateSchema,
  response: taskSchema,
  etag: (task) => task.version,
  ifMatch: 'required',
  errors: [404, 409, 428],
});

export const remove = defineOperation({
  method: 'DELETE',
  path: '/tasks/[id]',
  summary: 'Delete a task (its creator, admin or back office; 403 otherwise); needs If-Match',
  tag,
  access: 'tasks.write',
  params: idParamsSchema,
  successStatus: 204,
  ifMatch: 'required',
  errors: [403, 404, 409, 428],
});

export const exportCsv = defineOperation({
  method: 'GET',
  path: '/export/tasks.csv',
  summary:
    'The task list as CSV for German Excel (UTF-8 with BOM, `;`, TT.MM.JJJJ), streamed: same view, filters and sort as GET /tasks, no paging, only tasks in reach',
  tag: 'Export',
  access: 'tasks.read',
  file: CSV_EXPORT,
  query: taskExportQuerySchema,
});

export const exportXlsx = defineOperation({
  method: 'GET',
  path: '/export/tasks.xlsx',
  summary:
    'The task list as an Excel workbook (XLSX, one sheet), streamed: the same rows, filters, sort and reach as the CSV; typed cells (dates as dates, numbers as numbers), a frozen bold header with an auto filter, text formula-safe as in the CSV',
  tag: 'Export',
  access: 'tasks.read',
  file: XLSX_EXPORT,
  query: taskExportQuerySchema,
});

export const bulk = bulkOperation({
  path: '/tasks/bulk',
  tag,
  access: 'tasks.write',
  body: taskBulkSchema,
  actions:
    'Set the status, reassign (the assignee must see every task’s account, as on a single change), set the priority or delete (creator, admin or back office) tasks',
});

export const restore = defineOperation({
  method: 'POST',
  path: '/tasks/[id]/restore',
  summary:
    'Restore a deleted task within RESTORE_WINDOW_DAYS (default 30): administrators and back office, and whoever deleted it within 2 minutes (the toast\u2019s undo); 422 after the window, when its account was archived since',
  tag,
  access: 'tasks.write',
  params: idParamsSchema,
  successStatus: 204,
  errors: [403, 404, 422],
});
