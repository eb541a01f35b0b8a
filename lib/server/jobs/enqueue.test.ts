/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openPgliteWithQueues } from '@/test-support/pgboss-pglite';
import type { Db } from '@/lib/server/db/types';
import { recordChange } from '@/lib/server/history/record-change';
import { enqueue } from './boss';
import { QUEUE } from './queues';

/**
 * `enqueue` writes pg-boss's job row itself (one INSERT in the caller's transaction): the row must
 * be the one pg-boss's own `send` writes, and pg-boss must fetch it once. A real, migrated
 * PostgreSQL (PGlite in memory) with pg-boss 10's schema installed over the same connection.
 */
// Migrating PGlite and installing pg-boss take a while on a busy machine.
jest.setTimeout(180_000);

jest.mock('@/lib/server/db/client', () => ({ rawSql: () => Promise.reject(new Error('not in this test')) }));
jest.mock('@/lib/env', () => ({ getEnv: () => ({ MAIL_RETRY_DELAY_SECONDS: 60, MAIL_RETRY_LIMIT: 12 }) }));

type PgBoss = InstanceType<typeof import('pg-boss')>;
let client: PGlite;
let db: Db;
let boss: PgBoss;

interface JobRow extends Record<string, unknown> {
  id: string;
  name: string;
  data: Record<string, unknown>;
  state: string;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  expire_seconds: number;
  retention_seconds: number;
  dead_letter: string | null;
  policy: string | null;
  singleton_key: string | null;
  priority: number;
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

async function jobs(where = sql`true`): Promise<JobRow[]> {
  return rowsOf<JobRow>(
    await db.execute(sql`
      select id, name, data, state, retry_limit, retry_delay, retry_backoff, dead_letter, policy, singleton_key, priority,
        extract(epoch from expire_in)::int as expire_seconds,
        round(extract(epoch from keep_until - start_after))::int as retention_seconds
      from pgboss.job where ${where} order by created_on`),
  );
}

beforeAll(async () => {
  ({ client, db, boss } = await openPgliteWithQueues());
});

afterAll(async () => {
  await boss?.stop({ graceful: false, close: false, wait: true });
  await client?.close();
});

describe('enqueue', () => {
  it('writes the row pg-boss’s send writes, with the queue’s policy', async () => {
    for (const name of [QUEUE.mail, QUEUE.notify]) {
      const viaSend = await boss.send(name, { via: 'send' });
      await db.transaction((tx) => enqueue(tx, name, { via: 'enqueue' }));
      const [sent, enqueued] = await jobs(sql`name = ${name}`);
      expect(sent!.id).toBe(viaSend);
      const { id: _sentId, data: sentData, ...sentRest } = sent!;
      const { id: _enqueuedId, data: enqueuedData, ...enqueuedRest } = enqueued!;
      expect(sentData).toEqual({ via: 'send' });
      expect(enqueuedData).toEqual({ via: 'enqueue' });
      expect(enqueuedRest).toEqual(sentRest);
    }
    // The mail queue's own policy: backoff from 60 s, 12 retries, kept a week.
    const [mail] = await jobs(sql`name = 'mail'`);
    expect(mail).toMatchObject({
      state: 'created',
      retry_limit: 12,
      retry_delay: 60,
      retry_backoff: true,
      expire_seconds: 120,
      retention_seconds: 7 * 24 * 3600,
    });
  });

  it('enqueues nothing when the transaction rolls back', async () => {
    const before = (await jobs()).length;
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, QUEUE.notify, { doomed: true });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobs()).toHaveLength(before);
  });

  it('is fetched by pg-boss once', async () => {
    await db.execute(sql`delete from pgboss.job`);
    await db.transaction((tx) => enqueue(tx, QUEUE.digest, { marker: 1 }));
    const first = await boss.fetch(QUEUE.digest, { batchSize: 10 });
    expect(first.map((job) => job.data)).toEqual([{ marker: 1 }]);
    expect(await boss.fetch(QUEUE.digest, { batchSize: 10 })).toEqual([]);
  });

  it('throws for a queue that does not exist (nothing is silently dropped)', async () => {
    await expect(db.transaction((tx) => enqueue(tx, 'nope' as never, {}))).rejects.toThrow();
  });
});

describe('recordChange with a job', () => {
  const entry = (label: string) => ({
    actor: null,
    entityType: 'task' as const,
    entityId: '00000000-0000-4000-8000-000000000001',
    entityLabel: label,
    action: 'create' as const,
    fields: [{ field: 'title', before: null, after: label }],
  });
  const entries = async (label: string) =>
    rowsOf<{ id: string }>(await db.execute(sql`select id from changes where entity_label = ${label}`));

  it('writes the entry and the same job row enqueue writes', async () => {
    await db.execute(sql`delete from pgboss.job`);
    const id = await db.transaction((tx) =>
      recordChange(tx, { ...entry('Mit Auftrag'), job: { queue: QUEUE.notify, data: { marker: 'folded' } } }),
    );
    expect(await entries('Mit Auftrag')).toEqual([{ id }]);
    await db.transaction((tx) => enqueue(tx, QUEUE.notify, { marker: 'separate' }));
    const rows = await jobs(sql`name = 'notify'`);
    expect(rows).toHaveLength(2);
    const folded = rows.find((row) => row.data.marker === 'folded');
    const separate = rows.find((row) => row.data.marker === 'separate');
    const { id: _a, data: foldedData, ...foldedRest } = folded!;
    const { id: _b, data: separateData, ...separateRest } = separate!;
    expect(foldedData).toEqual({ marker: 'folded' });
    expect(separateData).toEqual({ marker: 'separate' });
    expect(foldedRest).toEqual(separateRest);
    const fetched = await boss.fetch(QUEUE.notify, { batchSize: 10 });
    // pg-boss fetches jobs of one priority in no promised order
    const markers = fetched.map((job) => (job.data as { marker: string }).marker).sort();
    expect(markers).toEqual(['folded', 'separate']);
  });

  it('enqueues nothing and writes no entry when the change rolls back', async () => {
    await db.execute(sql`delete from pgboss.job`);
    await expect(
      db.transaction(async (tx) => {
        await recordChange(tx, { ...entry('Verworfen'), job: { queue: QUEUE.notify, data: { doomed: true } } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobs()).toEqual([]);
    expect(await entries('Verworfen')).toEqual([]);
  });

  it('writes no entry when the job cannot be enqueued', async () => {
    await expect(
      db.transaction((tx) =>
        recordChange(tx, { ...entry('Ohne Warteschlange'), job: { queue: 'nope' as never, data: {} } }),
      ),
    ).rejects.toThrow();
    expect(await entries('Ohne Warteschlange')).toEqual([]);
  });
});
