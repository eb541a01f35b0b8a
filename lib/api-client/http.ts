import { errorBodySchema, type ErrorBody } from '@/lib/schemas/common';
import { benefitsApiUrl, selfCallHeaders } from '@/lib/env';
import type { z } from 'zod';

/** An error answer of the benefits API, or `unreachable` when it did not answer at all. */
export class ApiRequestError extends Error {
  readonly statusCode: number;
  readonly code: ErrorBody['code'] | 'unreachable';
  readonly details?: ErrorBody['details'];
  readonly retryAfterSeconds?: number;
  readonly current?: unknown;

  constructor(body: {
    statusCode: number;
    code: ApiRequestError['code'];
    message: string;
    details?: ErrorBody['details'];
    retryAfterSeconds?: number;
    current?: unknown;
  }) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.statusCode = body.statusCode;
    this.code = body.code;
    this.details = body.details;
    this.retryAfterSeconds = body.retryAfterSeconds;
    this.current = body.current;
  }
}

export interface ApiRequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  schema?: S;
  signal?: AbortSignal;
  /** For creates: the API runs a request with the same key (and body) once (IETF Idempotency-Key). */
  idempotencyKey?: string;
  /** How the request reaches the API: over HTTP unless a server caller hands it over in process. */
  transport?: ApiTransport;
}

/** Delivers a request to the benefits API and resolves with its answer. */
export type ApiTransport = (request: Request) => Promise<Response>;

export const httpTransport: ApiTransport = (request) => fetch(request, { cache: 'no-store' });

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

/**
 * Calls the benefits API. Paths end with `/`, the form every deployment answers without a redirect
 * (older ones redirected the other). The answer is parsed with the shared zod schema.
 */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<S> = {},
): Promise<Result<S>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers, ...selfCallHeaders() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const request = new Request(`${benefitsApiUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
    signal: options.signal,
  });
  let response: Response;
  try {
    response = await (options.transport ?? httpTransport)(request);
  } catch (cause) {
    console.error(`[api-client] ${path}: benefits API unreachable`, cause);
    throw new ApiRequestError({ statusCode: 503, code: 'unreachable', message: 'Der Dienst ist nicht erreichbar.' });
  }
  if (response.status === 204) return undefined as Result<S>;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    throw new ApiRequestError(
      parsed.success
        ? parsed.data
        : { statusCode: response.status, code: 'internal', message: response.statusText || 'Fehler' },
    );
  }
  return (options.schema ? options.schema.parse(payload) : payload) as Result<S>;
}
