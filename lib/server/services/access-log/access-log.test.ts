/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';
import { INSERT_ACCESS_ROWS, type AccessGroup } from '@/lib/server/access-log/collector';
import { pseudonym } from '@/lib/server/history/personal-refs';
import { purgeAccessLog } from './purge-access-log';
import { selectAccessRows } from './find-access-log';

/**
 * The access log on a real migrated database (PGlite in memory): the collector's one INSERT, the
 * append-only guard (migration 0034), the retention purge and the names as the history gives them.
 */
jest.setTimeout(120_000);
jest.mock('@/lib/server/db/client', () => ({ getDb: () => Promise.resolve(db), rawSql: jest.fn() }));

let client: PGlite;
let db: Db;
const ADMIN = '00000000-0000-4000-8000-0000000000a1';
const ERIKA = '00000000-0000-4000-8000-0000000000e1';
const MAX = '00000000-0000-4000-8000-0000000000e2';

const group = (over: Partial<AccessGroup>): AccessGroup => ({
  at: new Date().toISOString(),
  actorId: ADMIN,
  apiKeyId: null,
  operation: 'GET /api/v1/users/',
  route: '/benutzer/',
  requestId: 'r-1',
  subjectIds: [],
  ...over,
});
const write = (groups: AccessGroup[]) => client.query(INSERT_ACCESS_ROWS, [JSON.stringify(groups)]);
const count = async () =>
  Number((await client.query<{ n: number }>('select count(*)::int as n from access_log')).rows[0]!.n);

beforeAll(async () => {
  ({ client, db } = await openMigratedPglite());
  await db.insert(schema.users).values([
    { id: ADMIN, email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin' },
    { id: ERIKA, email: 'erika@example.com', firstName: 'Erika', lastName: 'Muster', role: 'manager' },
    { id: MAX, email: 'max@example.com', firstName: 'Max', lastName: 'Muster', role: 'manager' },
  ]);
});
afterAll(() => client.close());
beforeEach(async () => {
  // The guard's own way out, as the purge uses it.
  await client.transaction(async (tx) => {
    await tx.query(`select set_config('ebmt.access_log_purge', 'on', true)`);
    await tx.query('delete from access_log');
  });
});

describe('the access log table', () => {
  it('writes a row per person from one INSERT of grouped rows', async () => {
    await write([
      group({ subjectIds: [ERIKA, MAX] }),
      group({ operation: 'GET /api/v1/users/{id}/', route: '/benutzer/{id}/', subjectIds: [ERIKA] }),
    ]);
    const rows = await db.select().from(schema.accessLog).orderBy(schema.accessLog.id);
    expect(rows.map((row) => [row.subjectId, row.operation, row.route, row.actorId, row.requestId])).toEqual([
      [ERIKA, 'GET /api/v1/users/', '/benutzer/', ADMIN, 'r-1'],
      [MAX, 'GET /api/v1/users/', '/benutzer/', ADMIN, 'r-1'],
      [ERIKA, 'GET /api/v1/users/{id}/', '/benutzer/{id}/', ADMIN, 'r-1'],
    ]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE outside the purge', async () => {
    await write([group({ subjectIds: [ERIKA] })]);
    await expect(client.query(`update access_log set route = '/x/'`)).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(client.query('delete from access_log')).rejects.toThrow(/append-only: DELETE refused/);
    await expect(client.query('truncate access_log')).rejects.toThrow(/append-only: TRUNCATE refused/);
    // Even inside the purge's switch, nothing is rewritten.
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`select set_config('ebmt.access_log_purge', 'on', true)`);
        await tx.query(`update access_log set route = '/x/'`);
      }),
    ).rejects.toThrow(/UPDATE refused/);
    expect(await count()).toBe(1);
  });

  it('purges only rows older than the retention, in batches, and never less than a month', async () => {
    const monthsAgo = (months: number, days = 0) => {
      const at = new Date();
      at.setMonth(at.getMonth() - months);
      at.setDate(at.getDate() - days);
      return at.toISOString();
    };
    await write([
      group({ at: monthsAgo(13), subjectIds: [ERIKA, MAX] }),
      group({ at: monthsAgo(12, 1), operation: 'GET /api/v1/users/{id}/', subjectIds: [ERIKA] }),
      group({ at: monthsAgo(11), subjectIds: [ERIKA] }),
      group({ subjectIds: [MAX] }),
    ]);
    expect(await purgeAccessLog(12, db, 2)).toBe(3);
    expect(await count()).toBe(2);
    expect(await purgeAccessLog(12, db)).toBe(0);
    expect(await purgeAccessLog(1, db)).toBe(1);
    expect(await count()).toBe(1);
    const refused = await purgeAccessLog(0, db).catch((error: Error & { cause?: Error }) => error);
    expect(String((refused as Error & { cause?: Error }).cause?.message)).toMatch(/at least one month/);
  });
});

describe('reading the log', () => {
  it('answers who viewed a person and whom a person viewed, newest first, paged by a cursor', async () => {
    const base = Date.now() - 60_000;
    await write([
      group({ at: new Date(base).toISOString(), subjectIds: [ERIKA, MAX] }),
      group({
        at: new Date(base + 1000).toISOString(),
        actorId: MAX,
        operation: 'GET /api/v1/users/{id}/',
        subjectIds: [ERIKA],
      }),
    ]);
    const viewers = await selectAccessRows(db, ERIKA, 'subject', { limit: 10 });
    expect(viewers.map((row) => [row.actor.name, row.subject.name, row.operation])).toEqual([
      ['Max Muster', 'Erika Muster', 'GET /api/v1/users/{id}/'],
      ['Ada Admin', 'Erika Muster', 'GET /api/v1/users/'],
    ]);
    const second = await selectAccessRows(db, ERIKA, 'subject', { limit: 10, after: viewers[0]!.id });
    expect(second.map((row) => row.actor.id)).toEqual([ADMIN]);
    const viewed = await selectAccessRows(db, ADMIN, 'actor', { limit: 10 });
    expect(viewed.map((row) => row.subject.id).sort()).toEqual([ERIKA, MAX].sort());
    expect(await selectAccessRows(db, ADMIN, 'subject', { limit: 10 })).toEqual([]);
  });

  it('names an erased person by their pseudonym, as the history does, without a row changing', async () => {
    await write([group({ actorId: MAX, subjectIds: [ERIKA] })]);
    const before = await db.select().from(schema.accessLog);
    // What an approved erasure does to the person's row (lib/server/services/users/erase-user.ts).
    const name = pseudonym(MAX);
    await db.execute(
      sql`update users set first_name = 'Gelöschte', last_name = ${name.slice('Gelöschte '.length)},
        email = ${`geloescht-${MAX}@erased.invalid`}, erased_at = now() where id = ${MAX}`,
    );
    const [row] = await selectAccessRows(db, ERIKA, 'subject', { limit: 10 });
    expect(row!.actor).toEqual({ id: MAX, name, apiKeyId: null });
    expect(await db.select().from(schema.accessLog)).toEqual(before);
  });
});
