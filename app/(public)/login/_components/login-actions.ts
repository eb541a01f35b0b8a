'use server';

import { ApiRequestError, apiRequest } from '@/lib/api-client/http';
import { serverTransport } from '@/lib/api-client/in-process-transport';
import { webauthnOptionsSchema } from '@/lib/schemas/mfa';

/**
 * The WebAuthn challenge for the passkeys of a sign-in's second step. The `mfa_token` proves the
 * password step; without a live one the API answers 401 and this answers null.
 */
export async function passkeySignInOptionsAction(mfaToken: string): Promise<Record<string, unknown> | null> {
  if (typeof mfaToken !== 'string' || mfaToken.length > 128) return null;
  try {
    const { options } = await apiRequest('/auth/login/mfa/options/', {
      method: 'POST',
      body: { mfa_token: mfaToken },
      schema: webauthnOptionsSchema,
      transport: serverTransport(),
    });
    return options;
  } catch (error) {
    if (error instanceof ApiRequestError) return null;
    throw error;
  }
}
