import 'server-only';
import { accountListSchema, accountSchema } from '@/lib/schemas/account';
import { accountsApi } from '@/lib/api-client/accounts';
import { ApiRequestError, apiRequest } from '@/lib/api-client/http';
import { serverTransport } from '@/lib/api-client/in-process-transport';
import { serverApi } from '@/lib/api-client/server';
import { getAuthToken } from '@/lib/auth/session';
import { ACCOUNT_PICKER_LIMIT, type AccountOption } from './account-option';

/** One account by id, or null when it is out of reach or archived (an unusable preselection is simply dropped). */
async function usableAccount(id: string): Promise<AccountOption | null> {
  const token = await getAuthToken();
  try {
    const account = await apiRequest(accountsApi.detailPath(id), {
      token: token?.accessToken,
      schema: accountSchema,
      transport: serverTransport(),
    });
    return account.status === 'archived' ? null : { id: account.id, name: account.name };
  } catch (error) {
    if (error instanceof ApiRequestError) return null;
    throw error;
  }
}

/**
 * The first accounts in reach by name, for a manager's account picker (archived ones take nobody
 * new). `include` (from an account's Benutzer tab) is added when it is not among them, so the
 * preselection works however many accounts there are.
 */
export async function loadAccountOptions(
  include?: string | null,
): Promise<{ accounts: AccountOption[]; hasMore: boolean; included: AccountOption | null }> {
  const list = await serverApi(accountsApi.listPath({ perPage: ACCOUNT_PICKER_LIMIT, sort: 'name', order: 'asc' }), {
    schema: accountListSchema,
  });
  const accounts = list.items
    .filter((item) => item.status !== 'archived')
    .map((item) => ({ id: item.id, name: item.name }));
  let included = include ? (accounts.find((account) => account.id === include) ?? null) : null;
  if (include && !included) {
    included = await usableAccount(include);
    if (included) accounts.unshift(included);
  }
  return { accounts, hasMore: list.total > list.items.length, included };
}
