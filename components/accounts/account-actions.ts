'use server';

import { callApi } from '@/lib/api-client/action';
import { accountsApi } from '@/lib/api-client/accounts';
import {
  accountSchema,
  accountUpdateResultSchema,
  approvalRefSchema,
  type AccountCreateInput,
  type AccountUpdateInput,
} from '@/lib/schemas/account';

/** Mutations of the account pages: each is one call to the benefits API with the session's token. */

export async function createAccountAction(input: AccountCreateInput, idempotencyKey: string) {
  return callApi('/accounts/', { method: 'POST', body: input, schema: accountSchema, idempotencyKey });
}

export async function updateAccountAction(id: string, version: number, input: AccountUpdateInput) {
  return callApi(accountsApi.detailPath(id), {
    method: 'PATCH',
    body: input,
    headers: { 'if-match': `W/"${version}"` },
    schema: accountUpdateResultSchema,
  });
}

export async function suspendAccountAction(id: string) {
  return callApi(`${accountsApi.detailPath(id)}suspend/`, { method: 'POST', schema: accountSchema });
}

export async function resumeAccountAction(id: string) {
  return callApi(`${accountsApi.detailPath(id)}resume/`, { method: 'POST', schema: accountSchema });
}

export async function requestActivationAction(id: string, reason: string, idempotencyKey: string) {
  return callApi(`${accountsApi.detailPath(id)}activation/`, {
    method: 'POST',
    body: { reason },
    schema: approvalRefSchema,
    idempotencyKey,
  });
}

export async function requestArchiveAction(id: string, reason: string, idempotencyKey: string) {
  return callApi(`${accountsApi.detailPath(id)}archive/`, {
    method: 'POST',
    body: { reason },
    schema: approvalRefSchema,
    idempotencyKey,
  });
}
