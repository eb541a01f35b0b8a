import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import type { z } from 'zod';
import { getAuthToken } from '@/lib/auth/session';
import { ServiceUnavailableError } from '@/lib/errors/service-unavailable';
import { meResponseSchema, type SessionUser } from '@/lib/schemas/auth';
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

/** One `auth/me` call per request, its answer or its failure, shared by getMe and findMe. */
const meOutcome = cache(async (): Promise<{ user: SessionUser } | { error: unknown }> => {
  try {
    return { user: (await serverApi('/auth/me/', { schema: meResponseSchema })).user };
  } catch (error) {
    return { error };
  }
});

/** The signed-in user as the API knows them now (one call per request). */
export const getMe = cache(async (): Promise<SessionUser> => {
  const outcome = await meOutcome();
  // The same failure as before: a redirect to sign in again, the 503 page, …
  if ('error' in outcome) throw outcome.error;
  return outcome.user;
});

/**
 * The signed-in user, or null when nobody is signed in or the API cannot say (for the root layout,
 * which renders every page, the sign-in and error pages too: it must neither redirect nor fail).
 */
export const findMe = cache(async (): Promise<SessionUser | null> => {
  if (!(await getAuthToken())) return null;
  const outcome = await meOutcome();
  return 'user' in outcome ? outcome.user : null;
});
