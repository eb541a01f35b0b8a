import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import type { z } from 'zod';
import { getAuthToken } from '@/lib/auth/session';
import { ServiceUnavailableError } from '@/lib/errors/service-unavailable';
import { meResponseSchema } from '@/lib/schemas/auth';
import { ApiRequestError, apiRequest, type ApiRequestOptions } from './http';
import { serverTransport } from './in-process-transport';
import { PATH_HEADER } from './path-header';

export const SESSION_ENDED_PATH = '/auth/session-ended/';

async function sessionEndedUrl(): Promise<string> {
  const path = (await headers()).get(PATH_HEADER);
  return path ? `${SESSION_ENDED_PATH}?callbackUrl=${encodeURIComponent(path)}` : SESSION_ENDED_PATH;
}

/**
 * Calls the benefits API from a server component with the session's Bearer token. A session
 * the API no longer accepts signs the user out; a record out of reach shows the 404 page; an
 * unavailable API (503) shows "Dienst vorübergehend nicht erreichbar" with a retry.
 */
export async function serverApi<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: Omit<ApiRequestOptions<S>, 'token'> = {},
) {
  const token = await getAuthToken();
  if (!token) redirect(await sessionEndedUrl());
  try {
    return await apiRequest(path, { ...options, token: token.accessToken, transport: serverTransport() });
  } catch (error) {
    if (error instanceof ApiRequestError) {
      if (error.statusCode === 401) redirect(await sessionEndedUrl());
      if (error.statusCode === 404) notFound();
      if (error.statusCode === 503) throw new ServiceUnavailableError(error.message);
    }
    throw error;
  }
}

/** The signed-in user as the API knows them now (one call per request). */
export const getMe = cache(async () => (await serverApi('/auth/me/', { schema: meResponseSchema })).user);
