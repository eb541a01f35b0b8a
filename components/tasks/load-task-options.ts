import 'server-only';
import { listTaskAccounts, listTaskAssignees } from '@/lib/api-client/tasks.server';
import type { Task } from '@/lib/schemas/task';
import type { PickerOption } from './task-picker';

/**
 * The pickers' first options for the task form: the first people and accounts in reach (the form's
 * type-ahead finds the others), plus the current assignee and account of an edited task.
 */
export async function loadTaskOptions(task?: Task): Promise<{ assignees: PickerOption[]; accounts: PickerOption[] }> {
  const [assignees, accounts] = await Promise.all([
    listTaskAssignees({ perPage: 50 }),
    listTaskAccounts({ perPage: 50, assigneeId: task?.assignee.id }),
  ]);
  const assigneeOptions = assignees.items.map((item) => ({ id: item.id, label: `${item.name} (${item.email})` }));
  const accountOptions = accounts.items.map((item) => ({ id: item.id, label: `${item.name} (${item.customerNumber})` }));
  if (task && !assigneeOptions.some((option) => option.id === task.assignee.id)) {
    assigneeOptions.unshift({ id: task.assignee.id, label: task.assignee.name });
  }
  if (task?.account && !accountOptions.some((option) => option.id === task.account?.id)) {
    accountOptions.unshift({ id: task.account.id, label: task.account.name });
  }
  return { assignees: assigneeOptions, accounts: accountOptions };
}
