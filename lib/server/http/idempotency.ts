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

/**
 * Runs a create at most once per user and key, in one transaction with the create itself: the
 * key is claimed, the record created and the answer stored by the same transaction, so a crash
 * anywhere leaves either all of it or none (a late retry cannot create a second record). A
 * concurrent request with the key waits on the claim's row until the first commits, then gets
 * the stored answer; if the first rolled back, it runs itself. A non-2xx answer is not kept
 * (its transaction rolls back, the key stays free). Another body with the key → 422.
 */
export async function runIdempotent(
  input: { userId: string; key: string; fingerprint: string },
  run: () => Promise<Response>,
): Promise<Response> {
  const { idempotencyKeys: table } = schema;
  const thisKey = and(eq(table.userId, input.userId), eq(table.key, input.key));
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;

  for (;;) {
    try {
      const outcome = await inTransaction(async () => {
        const db = await getDb();
        // Expired keys go; so does a claim without an answer (from before claims and answers
        // shared a transaction) after a minute.
        await db
          .delete(table)
          .where(
            and(
              eq(table.userId, input.userId),
              or(
                lt(table.expiresAt, sql`now()`),
                and(isNull(table.statusCode), lt(table.createdAt, sql`now() - interval '60 seconds'`)),
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
        if (claimed.length === 0) {
          const [row] = await db.select().from(table).where(thisKey);
          return { kind: 'taken' as const, row };
        }
        const response = await run();
        if (response.status < 200 || response.status >= 300) throw new NotStored(response);
        const body = await response.clone().text();
        const headers = Object.fromEntries(
          REPLAYED_HEADERS.flatMap((name) => {
            const value = response.headers.get(name);
            return value === null ? [] : [[name, value]];
          }),
        );
        await db
          .update(table)
          .set({ statusCode: response.status, responseBody: body, responseHeaders: headers })
          .where(thisKey);
        return { kind: 'created' as const, response };
      });
      if (outcome.kind === 'created') return outcome.response;
      const row = outcome.row;
      if (row) {
        if (row.requestHash !== input.fingerprint) throw reused();
        if (row.statusCode !== null) return replay(row);
      }
    } catch (error) {
      if (error instanceof NotStored) return error.response;
      throw error;
    }
    if (Date.now() >= deadline) {
      throw new ApiError('conflict', 'Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet.', {
        retryAfterSeconds: 1,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
