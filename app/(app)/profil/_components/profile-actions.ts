'use server';

import { callApi } from '@/lib/api-client/action';
import { profileApi } from '@/lib/api-client/profile';
import { z } from '@/lib/schemas/zod';
import { type ProfileUpdateInput, acceptedSchema, profileSchema } from '@/lib/schemas/user';

/** The PATCH answer: the profile, or (like the users' PATCH) the profile wrapped as `{user}`. */
const profileUpdateResultSchema = z.union([
  profileSchema,
  z.object({ user: profileSchema }).transform((result) => result.user),
]);

/** Mutations of the profile page: the signed-in user's own record, password, address and sessions. */

export async function updateProfileAction(version: number, input: ProfileUpdateInput) {
  return callApi(profileApi.path, {
    method: 'PATCH',
    body: input,
    headers: { 'if-match': `W/"${version}"` },
    schema: profileUpdateResultSchema,
  });
}

/** Ends the user's other sessions; this one stays. */
export async function changePasswordAction(currentPassword: string, newPassword: string) {
  return callApi(profileApi.passwordPath, { method: 'POST', body: { currentPassword, newPassword } });
}

/** Sends a confirmation link to the new address; the address changes once it is opened. */
export async function changeEmailAction(email: string, currentPassword: string) {
  return callApi(profileApi.emailPath, {
    method: 'POST',
    body: { email, currentPassword },
    schema: acceptedSchema,
  });
}

export async function revokeSessionAction(id: string) {
  return callApi(profileApi.sessionPath(id), { method: 'DELETE' });
}

export async function revokeOtherSessionsAction() {
  return callApi(profileApi.sessionsPath, { method: 'DELETE' });
}
