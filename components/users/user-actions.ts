'use server';

import { callApi } from '@/lib/api-client/action';
import { usersApi } from '@/lib/api-client/users';
import { type UserInviteInput, type UserUpdateInput, userSchema, userUpdateResultSchema } from '@/lib/schemas/user';
import { approvalRefSchema } from '@/lib/schemas/account';

/** Mutations of the user pages: each is one call to the benefits API with the session's token. */

export async function inviteUserAction(input: UserInviteInput, idempotencyKey: string) {
  return callApi('/users/', { method: 'POST', body: input, schema: userSchema, idempotencyKey });
}

export async function updateUserAction(id: string, version: number, input: UserUpdateInput) {
  return callApi(usersApi.detailPath(id), {
    method: 'PATCH',
    body: input,
    headers: { 'if-match': `W/"${version}"` },
    schema: userUpdateResultSchema,
  });
}

export async function lockUserAction(id: string) {
  return callApi(usersApi.actionPath(id, 'lock'), { method: 'POST', schema: userSchema });
}

export async function unlockUserAction(id: string) {
  return callApi(usersApi.actionPath(id, 'unlock'), { method: 'POST', schema: userSchema });
}

export async function deactivateUserAction(id: string) {
  return callApi(usersApi.actionPath(id, 'deactivate'), { method: 'POST', schema: userSchema });
}

export async function resendInvitationAction(id: string) {
  return callApi(usersApi.actionPath(id, 'resend-invitation'), { method: 'POST', schema: userSchema });
}

/** Files the four-eyes request to remove the user's second factors (administrators, never for oneself). */
export async function requestMfaResetAction(id: string) {
  return callApi(usersApi.actionPath(id, 'mfa-reset'), {
    method: 'POST',
    body: { reason: '' },
    schema: approvalRefSchema,
  });
}

export async function requestErasureAction(id: string) {
  return callApi(usersApi.erasurePath(id), { method: 'POST', body: { reason: '' }, schema: approvalRefSchema });
}
