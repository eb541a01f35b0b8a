'use server';

import { callApi } from '@/lib/api-client/action';
import { profileApi } from '@/lib/api-client/profile';
import { z } from '@/lib/schemas/zod';
import {
  mfaStatusSchema,
  passkeySchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
  webauthnOptionsSchema,
} from '@/lib/schemas/mfa';

/** Mutations of the second-factor page: every one is the signed-in user's own. */

export async function mfaStatusAction() {
  return callApi(profileApi.mfaPath, { schema: mfaStatusSchema });
}

export async function startTotpAction() {
  return callApi(profileApi.totpPath, { method: 'POST', schema: totpEnrolmentSchema });
}

export async function confirmTotpAction(code: string) {
  return callApi(profileApi.totpConfirmPath, { method: 'POST', body: { code }, schema: recoveryCodesSchema });
}

export async function disableTotpAction(code: string) {
  return callApi(profileApi.totpPath, { method: 'DELETE', body: { code } });
}

export async function regenerateRecoveryCodesAction(code: string) {
  return callApi(profileApi.recoveryCodesPath, {
    method: 'POST',
    body: code ? { code } : {},
    schema: recoveryCodesSchema,
  });
}

export async function passkeyOptionsAction() {
  return callApi(profileApi.passkeyOptionsPath, { method: 'POST', schema: webauthnOptionsSchema });
}

export async function registerPasskeyAction(name: string, response: unknown) {
  return callApi(profileApi.passkeysPath, {
    method: 'POST',
    body: { name, response },
    schema: z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()) }),
  });
}

export async function removePasskeyAction(id: string) {
  return callApi(profileApi.passkeyPath(id), { method: 'DELETE' });
}

export async function stepUpOptionsAction() {
  return callApi(profileApi.stepUpOptionsPath, { method: 'POST', schema: webauthnOptionsSchema });
}

export async function stepUpAction(input: { code?: string; webauthn?: unknown }) {
  return callApi(profileApi.stepUpPath, { method: 'POST', body: input });
}
