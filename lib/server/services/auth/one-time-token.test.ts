/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { TOKEN_LIFETIME_MS, consumeOneTimeToken, issueOneTimeToken, type TokenProblem } from './one-time-token';

/** Integration test against a real, migrated PostgreSQL (PGlite in memory). */
jest.setTimeout(60_000);

// tokens.ts also signs access tokens with jose, an ES-module-only package Jest does not load as
// CommonJS; these tests need only its opaque tokens.
jest.mock('jose', () => ({ SignJWT: jest.fn(), jwtVerify: jest.fn() }));

let client: PGlite;
let db: Db;
let userId: string;

beforeAll(async () => {
  ({ client, db } = await openMigratedPglite());
  const [user] = await db
    .insert(schema.users)
    .values({ email: 'token.test@example.com', firstName: 'Toni', lastName: 'Token', role: 'admin' })
    .returning({ id: schema.users.id });
  userId = user!.id;
});

afterAll(async () => {
  await client?.close();
});

/** The problem a consumption is refused with (`details[0].message`), or null when it worked. */
async function problemOf(token: string, purpose: 'password_reset' | 'activation' = 'password_reset') {
  try {
    await db.transaction((tx) => consumeOneTimeToken(tx, { token, purpose }));
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.statusCode).toBe(400);
    expect(apiError.details?.[0]?.path).toBe('token');
    return apiError.details?.[0]?.message as TokenProblem;
  }
}

describe('one-time tokens', () => {
  it('stores only a hash and expires after the purpose’s lifetime', async () => {
    const before = Date.now();
    const token = await issueOneTimeToken(db, {
      userId,
      purpose: 'email_confirmation',
      payload: { email: 'neu@example.com' },
    });
    const rows = await db
      .select()
      .from(schema.oneTimeTokens)
      .where(eq(schema.oneTimeTokens.purpose, 'email_confirmation'));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const lifetime = row.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThanOrEqual(TOKEN_LIFETIME_MS.email_confirmation - 1_000);
    expect(lifetime).toBeLessThanOrEqual(TOKEN_LIFETIME_MS.email_confirmation + 5_000);
  });

  it('is consumed once, with its user and payload; a second use is "used"', async () => {
    const token = await issueOneTimeToken(db, { userId, purpose: 'password_reset', payload: { hint: 1 } });
    const consumed = await db.transaction((tx) => consumeOneTimeToken(tx, { token, purpose: 'password_reset' }));
    expect(consumed).toEqual({ userId, payload: { hint: 1 } });
    expect(await problemOf(token)).toBe('used');
  });

  it('refuses an expired token as "expired"', async () => {
    const token = await issueOneTimeToken(db, { userId, purpose: 'password_reset' });
    await db
      .update(schema.oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.oneTimeTokens.userId, userId));
    expect(await problemOf(token)).toBe('expired');
  });

  it('refuses an unknown token, or one of another purpose, as "invalid"', async () => {
    expect(await problemOf('garbage-token-that-was-never-issued')).toBe('invalid');
    const token = await issueOneTimeToken(db, { userId, purpose: 'activation' });
    expect(await problemOf(token, 'password_reset')).toBe('invalid');
    expect(await problemOf(token, 'activation')).toBeNull();
  });

  it('issuing a new token invalidates the earlier one of the same purpose', async () => {
    const first = await issueOneTimeToken(db, { userId, purpose: 'password_reset' });
    const second = await issueOneTimeToken(db, { userId, purpose: 'password_reset' });
    expect(second).not.toBe(first);
    expect(await problemOf(first)).toBe('used');
    expect(await problemOf(second)).toBeNull();
  });

  it('a rolled-back consumption leaves the token usable', async () => {
    const token = await issueOneTimeToken(db, { userId, purpose: 'password_reset' });
    await expect(
      db.transaction(async (tx) => {
        await consumeOneTimeToken(tx, { token, purpose: 'password_reset' });
        throw new Error('the caller refuses, e.g. the password breaks the policy');
      }),
    ).rejects.toThrow('the caller refuses');
    expect(await problemOf(token)).toBeNull();
  });
});
