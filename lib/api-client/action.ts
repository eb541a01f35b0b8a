import 'server-only';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { getAuthToken } from '@/lib/auth/session';
import type { ErrorBody } from '@/lib/schemas/common';
import { ApiRequestError, apiRequest, type ApiRequestOptions } from './http';
import { serverTransport } from './in-process-transport';
import { SESSION_ENDED_PATH } from './server';

export interface ActionError {
  statusCode: number;
  code: ErrorBody['code'] | 'unreachable';
  message: string;
  details?: ErrorBody['details'];
  current?: unknown;
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

/**
 * Calls the benefits API from a server action. Refusals come back as data the form can show
 * (field errors, a conflict with the current record); only an ended session navigates away.
 */
export async function callApi<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: Omit<ApiRequestOptions<S>, 'token'> = {},
): Promise<ActionResult<S extends z.ZodType ? z.output<S> : unknown>> {
  const token = await getAuthToken();
  if (!token) redirect(SESSION_ENDED_PATH);
  try {
    const data = await apiRequest(path, { ...options, token: token.accessToken, transport: serverTransport() });
    return { ok: true, data: data as S extends z.ZodType ? z.output<S> : unknown };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      if (error.statusCode === 401) redirect(SESSION_ENDED_PATH);
      return {
        ok: false,
        error: {
          statusCode: error.statusCode,
          code: error.code,
          message: error.message,
          details: error.details,
          current: error.current,
        },
      };
    }
    throw error;
  }
}
