import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import client from 'prom-client';
import { getEnv } from '@/lib/env';

/**
 * Logs, request context and metrics of one process (issue 47). scripts/server.mjs and the Next
 * bundles reach the same objects through globalThis: instrumentation.ts installs them before the
 * server listens, and every module graph (server, route handlers, jobs) then shares them.
 */

/** What one request carries through its async work (scripts/server.mjs starts it). */
export interface RequestContext {
  requestId: string;
  /** The acting user, once a handler authenticated one. */
  userId?: string;
  /** The route template the request came in on (`/benutzer/{id}/`), when scripts/server.mjs knew it. */
  route?: string;
  /**
   * Set by scripts/server.mjs, which calls `globalThis.__benefitsAfterResponse(context)` once the
   * answer is sent: the request's access-log rows are written then (lib/server/access-log).
   */
  flushesAfterResponse?: boolean;
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** Never logged: secrets, credentials, codes, mail bodies, uploads (pino replaces them with "[redacted]"). */
const REDACT_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'id_token',
  'secret',
  'totp',
  'otp',
  'cookie',
  'authorization',
  'text',
  'html',
  'body',
  'content',
  'headers.cookie',
  'headers.authorization',
  'req.headers.cookie',
  'req.headers.authorization',
  '*.password',
  '*.token',
  '*.secret',
  '*.totp',
  '*.otp',
  '*.cookie',
  '*.authorization',
  '*.text',
  '*.html',
  '*.body',
];

export interface Observability {
  logger: Logger;
  context: AsyncLocalStorage<RequestContext>;
  registry: client.Registry;
  metrics: ReturnType<typeof createMetrics>;
}

/** The logger of LOG_LEVEL and LOG_FORMAT, writing to stdout (or `destination`, in tests). */
/** The texts "\nparams: …" that drizzle wrote into an error's (or its causes') message. */
function paramsTexts(error: unknown): string[] {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth += 1) {
    const params = (current as Error & { params?: unknown }).params;
    if (Array.isArray(params) && params.length > 0) texts.push(`\nparams: ${String(params)}`);
    current = current.cause;
  }
  return texts;
}

/**
 * pino's error serializer, without a statement's values: drizzle's "Failed query: … params: …" (in
 * the message, the stack and the `params` field) carries what the statement wrote — names,
 * addresses, a whole import batch. The statement's text stays; its values are redacted.
 */
export function serializeError(error: unknown): pino.SerializedError {
  const serialized = pino.stdSerializers.err(error as Error);
  if (!serialized || typeof serialized !== 'object') return serialized;
  const redact = (text: string | undefined) =>
    text === undefined
      ? text
      : paramsTexts(error).reduce((result, params) => result.split(params).join('\nparams: [redacted]'), text);
  serialized.message = redact(serialized.message) ?? '';
  serialized.stack = redact(serialized.stack) ?? '';
  if ('params' in serialized) serialized.params = '[redacted]';
  return serialized;
}

export function createLogger(destination?: pino.DestinationStream): Logger {
  const env = getEnv();
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL ?? 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // The request id of the work in progress on every line that has one.
    mixin: () => {
      const requestId = globalForObservability.__benefitsObservability?.context.getStore()?.requestId;
      return requestId ? { requestId } : {};
    },
  };
  if (env.LOG_FORMAT === 'pretty') {
    // One line per entry for people; a stack stays one field (its newlines escaped).
    const prettyStream = pretty({
      singleLine: true,
      colorize: false,
      sync: true,
      destination: destination ?? 1,
      // Newlines in a message (or a stack) never start a line someone else's input could forge.
      // The message and an error's stack (one string, below) on the entry's line; newlines in
      // either never start a line someone else's input could forge.
      messageFormat: (entry, messageKey) =>
        `${String(entry[messageKey] ?? '')}${entry.err ? ` — ${String(entry.err)}` : ''}`.replace(/\r?\n|\r/g, '\\n'),
      ignore: 'err',
    });
    const oneLine = (error: unknown) => serializeError(error).stack?.replace(/\s*\n\s*/g, ' ⏎ ');
    return pino({ ...options, serializers: { err: oneLine } }, prettyStream);
  }
  return pino(
    { ...options, serializers: { err: serializeError } },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

function createMetrics(registry: client.Registry) {
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const dbSlots = () => globalThis as unknown as { __benefitsRequestsInFlight?: number };
  const inFlight = () => dbSlots().__benefitsRequestsInFlight ?? 0;
  return {
    httpDuration: new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route template and status class.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    dbInUse: new client.Gauge({
      name: 'db_pool_in_use',
      help: 'Requests holding one of the DB_POOL_MAX database slots.',
      registers: [registry],
      collect() {
        this.set(Math.min(inFlight(), getEnv().DB_POOL_MAX));
      },
    }),
    dbWaiting: new client.Gauge({
      name: 'db_pool_waiting',
      help: 'Requests waiting for a database slot (at most DB_QUEUE_MAX).',
      registers: [registry],
      collect() {
        this.set(Math.max(0, inFlight() - getEnv().DB_POOL_MAX));
      },
    }),
    dbStatementDuration: new client.Histogram({
      name: 'db_statement_duration_seconds',
      help: 'Time of one SQL statement, by kind (select, insert, update, delete, other) and database (pglite, postgres).',
      labelNames: ['kind', 'db'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobFailures: new client.Counter({
      name: 'jobs_failed_total',
      help: 'Job runs that failed (pg-boss retries them), by queue.',
      labelNames: ['queue'] as const,
      registers: [registry],
    }),
    mailsSent: new client.Counter({
      name: 'mail_sent_total',
      help: 'Mails the SMTP server accepted.',
      registers: [registry],
    }),
    mailsFailed: new client.Counter({
      name: 'mail_failed_total',
      help: 'Mail sending attempts that failed (retried later).',
      registers: [registry],
    }),
    signInFailures: new client.Counter({
      name: 'auth_sign_in_failures_total',
      help: 'Sign-ins refused for a wrong e-mail address or password.',
      registers: [registry],
    }),
    lockouts: new client.Counter({
      name: 'auth_lockouts_total',
      help: 'Lockouts started after too many wrong passwords.',
      registers: [registry],
    }),
    rateLimited: new client.Counter({
      name: 'auth_rate_limited_total',
      help: 'Requests refused by a per-client rate limit (429).',
      registers: [registry],
    }),
  };
}

const globalForObservability = globalThis as unknown as { __benefitsObservability?: Observability };

/** The process's logger, context and metrics, created on first use. */
export function observability(): Observability {
  let current = globalForObservability.__benefitsObservability;
  if (!current) {
    const registry = new client.Registry();
    // The context first: the logger's mixin reads it.
    current = { context: new AsyncLocalStorage<RequestContext>() } as Observability;
    globalForObservability.__benefitsObservability = current;
    current.registry = registry;
    current.metrics = createMetrics(registry);
    current.logger = createLogger();
  }
  return current;
}

/** The process's logger (messages start with their part, `[api] …`, as before issue 47). */
export function log(): Logger {
  return observability().logger;
}

/** The request this code runs for, if any. */
export function currentRequest(): RequestContext | undefined {
  return observability().context.getStore();
}

/** Notes the acting user for the request's log line. */
export function noteActingUser(userId: string): void {
  const request = currentRequest();
  if (request) request.userId = userId;
}

export const metrics = () => observability().metrics;
