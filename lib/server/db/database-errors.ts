import 'server-only';

/**
 * What a database error means for the caller. `unavailable`: the server cannot be reached, is
 * shutting down or starting, or is too slow (statement timeout); `storage`: it is reachable but
 * cannot write (disk full, I/O error, read-only). `connectionLost` says the connection broke, so
 * a read may safely run again on a fresh one; `connectTimedOut` that a new connection was not
 * made in time (nothing reached the server), which a fresh attempt may well get past.
 */
export interface DatabaseFailure {
  kind: 'unavailable' | 'storage';
  connectionLost: boolean;
  connectTimedOut?: boolean;
}

// Node socket errors and postgres.js's own connection error codes.
const CONNECTION_LOST_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown: the server terminated the session
  '57P02', // crash_shutdown
]);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_ENDED',
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '57014', // query_canceled: the statement timeout
]);
const STORAGE_CODES = new Set([
  '53100', // disk_full
  '58030', // io_error
  '25006', // read_only_sql_transaction
  'ENOSPC',
  'EROFS',
  'EDQUOT',
  'EIO',
]);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The driver's code of an error (SQLSTATE or a connection error such as CONNECTION_CLOSED), also inside Drizzle's `cause`. */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = codeOf(current);
    if (code) return code;
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return undefined;
}

/** Classifies an error thrown by the driver, also when Drizzle wrapped it (its `cause`). */
export function classifyDatabaseError(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = codeOf(current);
    if (code) {
      if (STORAGE_CODES.has(code)) return { kind: 'storage', connectionLost: false };
      if (CONNECTION_LOST_CODES.has(code) || code.startsWith('08'))
        return { kind: 'unavailable', connectionLost: true };
      if (code === 'CONNECT_TIMEOUT') return { kind: 'unavailable', connectionLost: false, connectTimedOut: true };
      if (UNREACHABLE_CODES.has(code)) return { kind: 'unavailable', connectionLost: false };
    }
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return null;
}

/**
 * After a restarted server every pooled connection is dead until used: each attempt on one fails at
 * once and the pool drops it. So a failed attempt is repeated up to this many times (a timed-out
 * connect only once: each costs the connect timeout).
 */
export const CONNECTION_LOST_RETRIES = 4;

/**
 * Runs `work` again when it met a connection that broke under it (a restarted server: the pool has
 * dropped that connection and the next attempt may meet another dead one, or open a fresh one), or
 * whose connect timed out just after a restart. Only for work that is safe to repeat (reads, and
 * writes that set the same value again).
 */
export async function againIfConnectionLost<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const failure = classifyDatabaseError(error);
      const mayRetry = failure?.connectionLost
        ? attempt < CONNECTION_LOST_RETRIES
        : Boolean(failure?.connectTimedOut) && attempt === 0;
      if (!mayRetry) throw error;
    }
  }
}

/** How long a failed write keeps the readiness check at "storage_unavailable". */
export const STORAGE_FAILURE_MEMORY_MS = 30_000;

// Per process, also when Next loads this module in several bundles.
const storageState = globalThis as unknown as { __benefitsStorageFailedAt?: number };

/**
 * A full disk does not fail every write: small ones still fit into existing pages, so the
 * readiness probe's one-row write may pass while the app's writes fail. A write that failed for
 * lack of storage therefore keeps the instance "not ready" for 30 s. (A later successful write
 * proves nothing: small writes succeed on a full disk too.)
 */
export function noteStorageFailure(now = Date.now()): void {
  storageState.__benefitsStorageFailedAt = now;
}

export function hasRecentStorageFailure(now = Date.now()): boolean {
  const failedAt = storageState.__benefitsStorageFailedAt;
  return failedAt !== undefined && now - failedAt < STORAGE_FAILURE_MEMORY_MS;
}

/** Postgres' unique_violation (23505), however the driver wraps it (drizzle puts it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
