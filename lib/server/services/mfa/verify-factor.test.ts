/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { checkFactorWithLimits } from './verify-factor';

/** Integration test of the one gate every second-factor check passes (PGlite in memory). */
jest.setTimeout(60_000);

jest.mock('jose', () => ({ SignJWT: jest.fn(), jwtVerify: jest.fn() }));
jest.mock('@simplewebauthn/server', () => ({}));
let mockDb: Db;
jest.mock('@/lib/server/db/client', () => ({ getDb: async () => mockDb }));

let client: PGlite;
let db: Db;
let serial = 0;

beforeAll(async () => {
  ({ client, db } = await openMigratedPglite());
  mockDb = db;
});

afterAll(async () => {
  await client?.close();
});

async function newUser() {
  serial += 1;
  const [user] = await db
    .insert(schema.users)
    .values({ email: `gate${serial}@example.com`, firstName: 'Gate', lastName: `Nr${serial}`, role: 'manager' })
    .returning();
  return { ...user!, locale: 'de' as const };
}

/** The status and code a check ends with (`ok` when it passed). */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return `${error.statusCode} ${error.code}`;
  }
}

const lockedEntries = async (userId: string) =>
  (
    await db
      .select()
      .from(schema.changes)
      .where(and(eq(schema.changes.entityId, userId), eq(schema.changes.action, 'login_locked')))
  ).length;

describe('checkFactorWithLimits', () => {
  it('locks after five wrong factors; while locked the right one is refused unchecked; one entry per lockout', async () => {
    const user = await newUser();
    const wrong = () => checkFactorWithLimits(user, '10.0.0.1', async () => null);
    for (let attempt = 1; attempt <= 4; attempt++) expect(await outcome(wrong())).toBe('422 validation_failed');
    expect(await outcome(wrong())).toBe('423 locked');

    const right = jest.fn(async () => 'totp');
    expect(await outcome(checkFactorWithLimits(user, '10.0.0.2', right))).toBe('423 locked');
    expect(right).not.toHaveBeenCalled();
    for (let attempt = 0; attempt < 6; attempt++) expect(await outcome(wrong())).toBe('423 locked');
    expect(await lockedEntries(user.id)).toBe(1);
  });

  it('wrong factors racing past the lockout check start one lockout, not two', async () => {
    const user = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        outcome(checkFactorWithLimits(user, `10.0.1.${index}`, async () => null)),
      ),
    );
    expect(answers).toContain('423 locked');
    expect(await lockedEntries(user.id)).toBe(1);
  });

  it('refuses every check from an address over the rate limit (429, Retry-After), without looking at the factor', async () => {
    const user = await newUser();
    await db
      .insert(schema.signInAttempts)
      .values(Array.from({ length: 20 }, () => ({ email: 'niemand@example.com', ip: '10.0.2.1', success: false })));
    const check = jest.fn(async () => 'totp');
    let error: unknown;
    try {
      await checkFactorWithLimits(user, '10.0.2.1', check);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(429);
    expect((error as ApiError).retryAfterSeconds).toBeGreaterThan(0);
    expect(check).not.toHaveBeenCalled();
    // Another address is not limited, and a right factor passes.
    expect(await checkFactorWithLimits(user, '10.0.2.2', check)).toBe('totp');
  });
});
