'use server';

import { acceptedSchema } from '@/lib/schemas/user';
import { headers } from 'next/headers';
import type { z } from 'zod';
import type { ActionResult } from '@/lib/api-client/action';
import { ApiRequestError, apiRequest, type ApiRequestOptions } from '@/lib/api-client/http';
import { serverTransport } from '@/lib/api-client/in-process-transport';
import { identityApi } from '@/lib/api-client/profile';
import { clientAddressHeaders } from '@/lib/client-address';

/**
 * The actions behind the links of the mails (`/pw-vergessen/`, `/pw-reset/`, `/aktivierung/`,
 * `/bestaetigung/`). They call the public endpoints without a session, vouching for the visitor's
 * address so that the API's rate limits count the visitor, not this server.
 */
async function callPublicApi<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: Omit<ApiRequestOptions<S>, 'token' | 'headers'>,
): Promise<ActionResult<S extends z.ZodType ? z.output<S> : unknown>> {
  const incoming = await headers();
  const forwarded: Record<string, string> = clientAddressHeaders(incoming);
  for (const name of ['user-agent', 'accept-language']) {
    const value = incoming.get(name);
    if (value) forwarded[name] = value;
  }
  try {
    const data = await apiRequest(path, { ...options, headers: forwarded, transport: serverTransport() });
    return { ok: true, data: data as S extends z.ZodType ? z.output<S> : unknown };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      return {
        ok: false,
        error: { statusCode: error.statusCode, code: error.code, message: error.message, details: error.details },
      };
    }
    throw error;
  }
}

/** Always answers the same for known and unknown addresses, so nobody learns which exist. */
export async function forgotPasswordAction(email: string) {
  return callPublicApi(identityApi.forgotPasswordPath, {
    method: 'POST',
    body: { email },
    schema: acceptedSchema,
  });
}

export async function resetPasswordAction(token: string, password: string) {
  return callPublicApi(identityApi.resetPasswordPath, { method: 'POST', body: { token, password } });
}

export async function activateAction(token: string, password: string) {
  return callPublicApi(identityApi.activatePath, { method: 'POST', body: { token, password } });
}

export async function confirmEmailAction(token: string) {
  return callPublicApi(identityApi.confirmEmailPath, { method: 'POST', body: { token } });
}
