import 'server-only';
import { cache } from 'react';
import {
  dashboardSchema,
  taskAccountOptionsSchema,
  taskAssigneeOptionsSchema,
  taskListSchema,
  taskSchema,
  type TaskListQuery,
} from '@/lib/schemas/task';
import { tasksApi } from './tasks';
import { serverApi } from './server';

/**
 * The task calls pages make. `getTask` is cached per request, so `generateMetadata` and the page
 * share one API call.
 */
export const getTask = cache((id: string) => serverApi(tasksApi.detailPath(id), { schema: taskSchema }));

export const listTasks = (query: Partial<TaskListQuery>) =>
  serverApi(tasksApi.listPath(query), { schema: taskListSchema });

export const getDashboard = cache(() => serverApi(tasksApi.dashboardPath, { schema: dashboardSchema }));

export const listTaskAssignees = (query: { q?: string; perPage?: number } = {}) =>
  serverApi(tasksApi.assigneesPath(query), { schema: taskAssigneeOptionsSchema });

export const listTaskAccounts = (query: { q?: string; assigneeId?: string; perPage?: number } = {}) =>
  serverApi(tasksApi.accountsPath(query), { schema: taskAccountOptionsSchema });
