'use server';

import { callApi } from '@/lib/api-client/action';
import { tasksApi } from '@/lib/api-client/tasks';
import { taskSchema, type TaskCreateInput, type TaskUpdateInput } from '@/lib/schemas/task';

/** Mutations of the task pages: each is one call to the benefits API with the session's token. */

export async function createTaskAction(input: TaskCreateInput, idempotencyKey: string) {
  return callApi(tasksApi.listPath({}), { method: 'POST', body: input, schema: taskSchema, idempotencyKey });
}

export async function updateTaskAction(id: string, version: number, input: TaskUpdateInput) {
  return callApi(tasksApi.detailPath(id), {
    method: 'PATCH',
    body: input,
    headers: { 'if-match': `W/"${version}"` },
    schema: taskSchema,
  });
}

/** Deletes against the version shown; the button then goes to the list (and offers the undo). */
export async function deleteTaskAction(id: string, version: number) {
  return callApi(tasksApi.detailPath(id), { method: 'DELETE', headers: { 'if-match': `W/"${version}"` } });
}
