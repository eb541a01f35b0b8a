import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, inTransaction, schema } from '@/lib/server/db/client';
import { ApiError } from './api-error';
import type { Operation } from './operation';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a retry waits for the first request with its key to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 100;
/** A claim without an answer whose holder showed no sign of life this long is one of a crashed process. */
const STALE_CLAIM_SECONDS = 60;
const REPLAYED_HEADERS = ['content-type', 'etag', 'location'];

/** An Idempotency-Key is an opaque string of 1–255 visible ASCII characters (a UUID, typically). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/)
  .meta({ description: 'Makes a retry safe: the first answer is replayed for 24 h (IETF httpapi Idempotency-Key)' });

/** Every POST that creates something (answers 201) accepts an Idempotency-Key; a bulk action requires one. */
export function acceptsIdempotencyKey(operation: Operation): boolean {
  return (operation.method === 'POST' && operation.successStatus === 201) || operation.idempotencyKey === 'required';
}

/** Key order does not make another body: the hash is over the JSON with sorted keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

const reused = () =>
  new ApiError('idempotency_key_reused', 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.');

function replay(row: typeof schema.idempotencyKeys.$inferSelect): Response {
  return new Response(row.responseBody, {
    status: row.statusCode ?? 200,
    headers: { ...row.responseHeaders, 'cache-control': 'no-store', 'idempotency-replayed': 'true' },
  });
}

class NotStored extends Error {
  constructor(readonly response: Response) {
    super('not stored');
  }
}

type Claim = { userId: string; key: string; fingerprint: string };
type KeyRow = typeof schema.idempotencyKeys.$inferSelect;

function keyOf(input: Claim) {
  const { idempotencyKeys: table } = schema;
  return and(eq(table.userId, input.userId), eq(table.key, input.key));
}

/**
 * Claims the key in the ambient transaction (or on its own): answers null when claimed, else the
 * row that holds it. Expired keys go first; so does a claim without an answer whose holder has
 * not shown a sign of life for a minute (it crashed).
 */
async function claimKey(input: Claim): Promise<KeyRow | null | undefined> {
  const { idempotencyKeys: table } = schema;
  const db = await getDb();
  await db
    .delete(table)
    .where(
      and(
        eq(table.userId, input.userId),
        or(
          lt(table.expiresAt, sql`now()`),
          and(
            isNull(table.statusCode),
            lt(table.createdAt, sql`now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`),
          ),
        ),
      ),
    );
  const claimed = await db
    .insert(table)
    .values({
      userId: input.userId,
      key: input.key,
      requestHash: input.fingerprint,
      expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
    })
    .onConflictDoNothing()
    .returning({ key: table.key });
  if (claimed.length > 0) return null;
  const [row] = await db.select().from(table).where(keyOf(input));
  return row;
}

async function storeAnswer(input: Claim, response: Response): Promise<void> {
  const body = await response.clone().text();
  const headers = Object.fromEntries(
    REPLAYED_HEADERS.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  const db = await getDb();
  await db
    .update(schema.idempotencyKeys)
    .set({ statusCode: response.status, responseBody: body, responseHeaders: headers })
    .where(keyOf(input));
}

/** Another body with the key → 422; a stored answer is replayed; a claim still running → wait (null). */
function answerOfTaken(row: KeyRow | undefined, input: Claim): Response | null {
  if (!row) return null;
  if (row.requestHash !== input.fingerprint) throw reused();
  return row.statusCode !== null ? replay(row) : null;
}

/** Waits a poll interval for the first request with the key, or answers 409 once it waited long enough. */
async function waitForFirst(deadline: number): Promise<void> {
  if (Date.now() >= deadline) {
    throw new ApiError('conflict', 'Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet.', {
      retryAfterSeconds: 1,
    });
  }
  await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

/**
 * Runs a create at most once per user and key, in one transaction with the create itself: the
 * key is claimed, the record created and the answer stored by the same transaction, so a crash
 * anywhere leaves either all of it or none (a late retry cannot create a second record). A
 * concurrent request with the key waits on the claim's row until the first commits, then gets
 * the stored answer; if the first rolled back, it runs itself. A non-2xx answer is not kept
 * (its transaction rolls back, the key stays free). Another body with the key → 422.
 */
export async function runIdempotent(input: Claim, run: () => Promise<Response>): Promise<Response> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    try {
      const outcome = await inTransaction(async () => {
        const taken = await claimKey(input);
        if (taken !== null) return { kind: 'taken' as const, row: taken };
        const response = await run();
        if (response.status < 200 || response.status >= 300) throw new NotStored(response);
        await storeAnswer(input, response);
        return { kind: 'created' as const, response };
      });
      if (outcome.kind === 'created') return outcome.response;
      const replayed = answerOfTaken(outcome.row, input);
      if (replayed) return replayed;
    } catch (error) {
      if (error instanceof NotStored) return error.response;
      throw error;
    }
    await waitForFirst(deadline);
  }
}

/**
 * The same promise for a handler that commits in steps (a bulk action, one transaction per row):
 * the key is claimed and committed first, the steps run, and the answer is stored at the end. A
 * concurrent request with the key meanwhile waits like above, then gets 409 (Retry-After: 1); the
 * claim is kept alive while the run lasts. A non-2xx answer or a failure frees the key again (the
 * rows done stay done; a retry answers `not_found`/`conflict` for them). A crash leaves a claim
 * without an answer, freed after a minute.
 */
export async function runIdempotentInSteps(input: Claim, run: () => Promise<Response>): Promise<Response> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const taken = await inTransaction(() => claimKey(input));
    if (taken === null) break;
    const replayed = answerOfTaken(taken, input);
    if (replayed) return replayed;
    await waitForFirst(deadline);
  }
  const db = await getDb();
  const alive = setInterval(
    () => {
      db.update(schema.idempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(keyOf(input))
        .catch(() => {});
    },
    (STALE_CLAIM_SECONDS * 1000) / 3,
  );
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await db
      .delete(schema.idempotencyKeys)
      .where(keyOf(input))
      .catch(() => {});
    throw error;
  } finally {
    clearInterval(alive);
  }
  if (response.status < 200 || response.status >= 300) {
    await db.delete(schema.idempotencyKeys).where(keyOf(input));
    return response;
  }
  await storeAnswer(input, response);
  return response;
}
