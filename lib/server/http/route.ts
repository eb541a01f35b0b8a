import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import type { Actor } from '@/lib/server/auth/actor';
import { authenticate, clientAddressOf } from '@/lib/server/auth/authenticate';
import {
  classifyDatabaseError,
  databaseErrorCode,
  noteStorageFailure,
  againIfConnectionLost,
} from '@/lib/server/db/database-errors';
import { ApiError } from './api-error';
import { etagFor } from './etag';
import { admitRequest } from './admission';
import {
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  acceptsIdempotencyKey,
  requestFingerprint,
  runIdempotent,
  runIdempotentInSteps,
} from './idempotency';
import { successStatusOf, type Access, type Operation } from './operation';
import { API_MOUNT } from './api-path';
import { readJsonBody } from './read-body';
import { readMultipartUpload, type MultipartUpload, type StagedFile } from './multipart';
import { getEnv } from '@/lib/env';
import { currentRequest, log, metrics, noteActingUser } from '@/lib/server/observability';
import { withSpan } from '@/lib/server/observability/tracing';
import './zod-locale';
import { validationProblemOf } from '@/lib/format/zod-error-map';
import { problemKeyOf } from '@/lib/schemas/problems';

type Infer<T> = T extends z.ZodType ? z.output<T> : never;

export interface RouteContext<Op extends Operation> {
  req: NextRequest;
  actor: Op['access'] extends 'public' ? Actor | null : Actor;
  body: Infer<Op['body']>;
  query: Infer<Op['query']>;
  params: Infer<Op['params']>;
  /** The uploaded file of a multipart operation (null when the request had none). */
  file: StagedFile | null;
  ip: string;
  userAgent: string;
}

/**
 * What a handler returns: the data its operation's `response` schema checks, or for the few
 * operations without one (204, a streamed CSV) nothing or a `Response` of its own.
 */
type HandlerResult<Op extends Operation> = [NonNullable<Op['response']>] extends [z.ZodNever]
  ? Response | void
  : z.input<NonNullable<Op['response']>>;

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { ...JSON_HEADERS, ...Object.fromEntries(new Headers(headers)) },
  });
}

/**
 * One detail per issue: the field's path, the German text and the text's key (`code`, with its
 * numbers in `params`) from the catalogue `validation.*`, so the UI shows the problem in its language.
 */
export function zodIssuesToDetails(error: z.ZodError) {
  return error.issues.map((issue) => {
    // A schema's own message, or the error map's text without numbers, is one of the catalogue's.
    const known = problemKeyOf(issue.message);
    const found = known ? { key: known } : validationProblemOf(issue);
    return {
      path: issue.path.map(String).join('.') || '(root)',
      message: issue.message,
      code: found?.key ?? 'invalid',
      ...(found && 'values' in found && found.values ? { params: found.values } : {}),
    };
  });
}

/**
 * The client's address (lib/client-address.ts): the one the app's own server vouched for when it
 * calls on a visitor's behalf, else the socket's peer or the trusted proxy hop.
 */
export function clientIp(req: Request): string {
  return clientAddressOf(req);
}

export function errorResponse(error: unknown): Response {
  if (error instanceof ApiError) {
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
    if (error.statusCode === 401) headers['www-authenticate'] = 'Bearer';
    if (error.code === 'rate_limited') metrics().rateLimited.inc();
    return jsonResponse(error.toBody(), error.statusCode, headers);
  }
  if (error instanceof z.ZodError) {
    return errorResponse(
      new ApiError('validation_failed', 'Die Eingaben sind ungültig.', { details: zodIssuesToDetails(error) }),
    );
  }
  const failure = classifyDatabaseError(error);
  if (failure) {
    // Expected while the database is away: one line, not a stack per request.
    const cause = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
    log().warn(
      { code: databaseErrorCode(error) },
      `[api] database ${failure.kind === 'storage' ? 'cannot store' : 'unavailable'}: ${cause}`,
    );
    if (failure.kind === 'storage') noteStorageFailure();
    return errorResponse(
      failure.kind === 'storage'
        ? new ApiError('storage_unavailable', 'Die Datenbank kann zurzeit keine Änderungen speichern.', {
            retryAfterSeconds: 30,
          })
        : new ApiError('service_unavailable', 'Der Dienst ist vorübergehend nicht erreichbar.', {
            retryAfterSeconds: 2,
          }),
    );
  }
  // The stack goes to the log, its request id also to the client (who quotes it to support).
  log().error({ err: error }, '[api] unhandled error');
  const requestId = currentRequest()?.requestId;
  return jsonResponse(
    {
      ...new ApiError('internal', 'Ein interner Fehler ist aufgetreten.').toBody(),
      ...(requestId ? { requestId } : {}),
    },
    500,
  );
}

function hasAccess(actor: Actor, access: Access): boolean {
  return access === 'authenticated' || access === 'public' || actor.scopes.has(access);
}

/** The second argument Next hands a route handler: the path's dynamic segments. */
export interface RouteHandlerContext {
  params: Promise<Record<string, string | string[]>>;
}

/** What Next calls for one method of a route file, and what the in-process transport calls. */
export type RouteHandler = (req: NextRequest, context: RouteHandlerContext) => Response | Promise<Response>;

/** The handler of one operation, carrying the operation it serves (lib/server/http/endpoints). */
export type Endpoint<Op extends Operation = Operation> = ((
  req: NextRequest,
  context: RouteHandlerContext,
) => Promise<Response>) & { readonly operation: Op };

/**
 * The handler wrapper of every API route: authenticates, checks the declared scope, validates
 * params, query and body with the operation's zod schemas, validates the output and maps every
 * error to the API's error format.
 */
export function route<Op extends Operation>(
  operation: Op,
  handler: (ctx: RouteContext<Op>) => Promise<HandlerResult<Op>>,
): Endpoint<Op> {
  // The operation's span (issue 47), over HTTP and in process alike: a child of Next's request span,
  // the parent of the SQL statements' spans.
  const spanName = `api ${operation.method} ${operation.path}`;
  const spanAttributes = {
    'benefits.operation': `${operation.method} ${operation.path}`,
    'http.route': `${API_MOUNT}${operation.path}`,
  };
  const endpoint = (req: NextRequest, context: RouteHandlerContext) =>
    withSpan(spanName, spanAttributes, async (span) => {
      const response = await serve(req, context);
      span?.setAttribute('http.response.status_code', response.status);
      return response;
    });
  const serve = async (req: NextRequest, context: RouteHandlerContext) => {
    const release = operation.usesDatabase === false ? () => {} : admitRequest();
    if (!release) {
      return errorResponse(
        new ApiError('service_unavailable', 'Der Dienst ist überlastet; bitte gleich noch einmal versuchen.', {
          retryAfterSeconds: 1,
        }),
      );
    }
    try {
      return await handle(req, context);
    } catch (error) {
      return errorResponse(error);
    } finally {
      release();
    }
  };
  return Object.assign(endpoint, { operation });

  async function handle(req: NextRequest, context: RouteHandlerContext) {
    let actor: Actor | null = null;
    if (operation.access === 'public') {
      if (req.headers.get('authorization')) actor = await authenticate(req).catch(() => null);
      if (actor) noteActingUser(actor.id);
    } else {
      actor = await authenticate(req);
      noteActingUser(actor.id);
      if (actor.mfaEnrolmentRequired && !operation.duringMfaEnrolment) {
        throw new ApiError(
          'mfa_enrolment_required',
          'Bitte richten Sie zuerst einen zweiten Faktor ein (Profil → Zweiter Faktor).',
        );
      }
      // A key is not a person: what any signed-in person may do (profile, MFA, sessions) is not for it.
      if (actor.apiKey && operation.access === 'authenticated') {
        throw new ApiError('forbidden', 'Diese Aktion ist nur für angemeldete Personen, nicht für API-Schlüssel.');
      }
      if (!hasAccess(actor, operation.access)) {
        throw new ApiError('forbidden', 'Keine Berechtigung für diese Aktion.');
      }
    }

    const rawParams = (await context.params) ?? {};
    const params = operation.params ? operation.params.safeParse(rawParams) : null;
    // A malformed id cannot name a record in reach: answer as for an unknown one.
    if (params && !params.success) throw new ApiError('not_found', 'Eintrag nicht gefunden.');

    const query = operation.query
      ? operation.query.parse(Object.fromEntries(req.nextUrl.searchParams.entries()))
      : undefined;
    let upload: MultipartUpload | null = null;
    try {
      if (operation.multipart) upload = await readMultipartUpload(req, { maxFileBytes: getEnv().MAX_UPLOAD_BYTES });
      return await handleBody(req, actor, params?.data, query, upload);
    } finally {
      await upload?.discard();
    }
  }

  async function handleBody(
    req: NextRequest,
    actor: Actor | null,
    params: unknown,
    query: unknown,
    upload: MultipartUpload | null,
  ) {
    const file = upload?.file ?? null;
    // A multipart body is fingerprinted by its text parts and the file's hash (safe retries).
    const rawBody = upload
      ? { ...upload.fields, file: file && { name: file.fileName, type: file.declaredType, sha256: file.sha256 } }
      : operation.body
        ? await readJsonBody(req, operation.maxBodyBytes)
        : undefined;
    const body = operation.body ? operation.body.parse(upload ? upload.fields : rawBody) : undefined;

    const run = () =>
      answer({
        req,
        actor: actor as RouteContext<Op>['actor'],
        body: body as RouteContext<Op>['body'],
        query: query as RouteContext<Op>['query'],
        params: params as RouteContext<Op>['params'],
        file,
        // Only the operations that count per client read it (and only then is it resolved).
        get ip() {
          return clientIp(req);
        },
        userAgent: req.headers.get('user-agent')?.slice(0, 500) ?? '',
      });

    const key = req.headers.get(IDEMPOTENCY_HEADER);
    if (key === null && operation.idempotencyKey === 'required') {
      throw new ApiError('precondition_required', 'Diese Anfrage braucht einen Idempotency-Key.');
    }
    if (key !== null && actor && acceptsIdempotencyKey(operation)) {
      if (!idempotencyKeySchema.safeParse(key).success) {
        throw new ApiError('bad_request', 'Der Idempotency-Key muss aus 1 bis 255 sichtbaren ASCII-Zeichen bestehen.');
      }
      // One resource with or without the trailing slash: a retry in the other form is the same request.
      const fingerprint = requestFingerprint(req.method, req.nextUrl.pathname.replace(/\/$/, ''), rawBody ?? null);
      const claim = { userId: actor.id, key, fingerprint };
      return operation.commitsInSteps ? runIdempotentInSteps(claim, run) : runIdempotent(claim, run);
    }
    if (req.method !== 'GET') return run();
    // A read that met a connection which broke under it (a restarted server) runs again.
    return againIfConnectionLost(run);
  }

  /** Every JSON answer is checked against the operation's schema; its status, ETag and Location come from the operation. */
  async function answer(ctx: RouteContext<Op>): Promise<Response> {
    const result: unknown = await handler(ctx);
    if (!operation.response) {
      if (result instanceof Response) return result;
      return jsonResponse(null, successStatusOf(operation));
    }
    const output = operation.response.safeParse(result);
    if (!output.success) {
      log().error(
        { err: output.error },
        `[api] ${operation.method} ${operation.path}: answer does not match its schema`,
      );
      throw new ApiError('internal', 'Ein interner Fehler ist aufgetreten.');
    }
    const data = output.data;
    const status = operation.statusOf?.(data) ?? successStatusOf(operation);
    const headers: Record<string, string> = { ...operation.headersOf?.(data) };
    const version = operation.etag?.(data);
    if (version !== undefined) headers.etag = etagFor(version);
    // A path, not a URL: behind a proxy only the client knows the public host.
    if (operation.location) headers.location = `${API_MOUNT}${operation.location(data)}`;
    return jsonResponse(data, status, headers);
  }
}
