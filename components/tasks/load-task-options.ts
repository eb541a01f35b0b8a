import 'server-only';
import { accountSchema } from '@/lib/schemas/account';
import { accountsApi } from '@/lib/api-client/accounts';
import { ApiRequestError, apiRequest } from '@/lib/api-client/http';
import { serverTransport } from '@/lib/api-client/in-process-transport';
import { listTaskAccounts, listTaskAssignees } from '@/lib/api-client/tasks.server';
import { getAuthToken } from '@/lib/auth/session';
import type { Task } from '@/lib/schemas/task';
import type { PickerOption } from './task-picker';

/** One account by id as an option, or null when it is out of reach or archived (the preselection is dropped). */
async function accountOption(id: string): Promise<PickerOption | null> {
  const token = await getAuthToken();
  try {
    const account = await apiRequest(accountsApi.detailPath(id), {
      token: token?.accessToken,
      schema: accountSchema,
      transport: serverTransport(),
    });
    return account.status === 'archived'
      ? null
      : { id: account.id, label: `${account.name} (${account.customerNumber})` };
  } catch (error) {
    if (error instanceof ApiRequestError) return null;
    throw error;
  }
}

/**
 * The pickers' first options for the task form: the first people and accounts in reach (the form's
 * type-ahead finds the others), plus the current assignee and account of an edited task.
 */
export async function loadTaskOptions(
  task?: Task,
  /** A preselected account (from an account's Aufgaben tab), offered even beyond the first options. */
  includeAccountId?: string | null,
): Promise<{ assignees: PickerOption[]; accounts: PickerOption[] }> {
  const [assignees, accounts] = await Promise.all([
    listTaskAssignees({ perPage: 50 }),
    listTaskAccounts({ perPage: 50, assigneeId: task?.assignee.id }),
  ]);
  const assigneeOptions = assignees.items.map((item) => ({ id: item.id, label: `${item.name} (${item.email})` }));
  const accountOptions = accounts.items.map((item) => ({
    id: item.id,
    label: `${item.name} (${item.customerNumber})`,
  }));
  if (task && !assigneeOptions.some((option) => option.id === task.assignee.id)) {
    assigneeOptions.unshift({ id: task.assignee.id, label: task.assignee.name });
  }
  if (task?.account && !accountOptions.some((option) => option.id === task.account?.id)) {
    accountOptions.unshift({ id: task.account.id, label: task.account.name });
  }
  if (includeAccountId && !accountOptions.some((option) => option.id === includeAccountId)) {
    const included = await accountOption(includeAccountId);
    if (included) accountOptions.unshift(included);
  }
  return { assignees: assigneeOptions, accounts: accountOptions };
}
