/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import type { Db } from '@/lib/server/db/types';
import { recordAsOf, stateAsOf, verifyRecordAsOf } from './as-of';
import { SNAPSHOT_EVERY } from './snapshots';
import { recordChange } from './record-change';

/** A record as of a moment, rebuilt from its history, and the check of its entries (issue 51). */
jest.setTimeout(120_000);

const TASK = '33333333-3333-4333-8333-333333333333';
const OTHER = '44444444-4444-4444-8444-444444444444';
const actor = { id: '55555555-5555-4555-8555-555555555555', firstName: 'Vera', lastName: 'Muster', email: 'v@x.de' };

let client: PGlite;
let db: Db;
const moments: Record<string, Date> = {};

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
async function mark(name: string) {
  await pause();
  moments[name] = new Date();
  await pause();
}

beforeAll(async () => {
  ({ client, db } = await openMigratedPglite());
  await client.query(
    `insert into users (id, email, first_name, last_name, role) values ('${actor.id}', 'v@x.de', 'Vera', 'Muster', 'admin')`,
  );
  await mark('before');
  await recordChange(db, {
    actor,
    entityType: 'task',
    entityId: TASK,
    entityLabel: 'Vertrag prüfen',
    action: 'create',
    fields: [
      { field: 'title', before: null, after: 'Vertrag prüfen' },
      { field: 'status', before: null, after: 'open' },
      { field: 'priority', before: null, after: 'normal' },
    ],
  });
  // Another record's entry between: the chains are shared.
  await recordChange(db, { actor, entityType: 'task', entityId: OTHER, entityLabel: 'Andere', action: 'create' });
  await mark('created');
  await recordChange(db, {
    actor,
    entityType: 'task',
    entityId: TASK,
    entityLabel: 'Vertrag prüfen',
    action: 'update',
    fields: [{ field: 'status', before: 'open', after: 'in_progress' }],
  });
  await mark('started');
  await recordChange(db, {
    actor,
    entityType: 'task',
    entityId: TASK,
    entityLabel: 'Vertrag prüfen',
    action: 'update',
    fields: [
      { field: 'status', before: 'in_progress', after: 'done' },
      { field: 'title', before: 'Vertrag prüfen', after: 'Vertrag geprüft' },
    ],
  });
  await mark('done');
  await recordChange(db, {
    actor,
    entityType: 'task',
    entityId: TASK,
    entityLabel: 'Vertrag geprüft',
    action: 'delete',
    fields: [{ field: 'title', before: 'Vertrag geprüft', after: null }],
  });
  await mark('deleted');
});

afterAll(async () => {
  await client?.close();
});

describe('stateAsOf', () => {
  it('knows nothing before the first entry', async () => {
    expect(await stateAsOf(db, 'task', TASK, moments.before!)).toBeNull();
  });

  it('shows each field as the newest entry up to the moment set it, and what differs now', async () => {
    const created = await stateAsOf(db, 'task', TASK, moments.created!);
    expect(created).toMatchObject({
      values: { title: 'Vertrag prüfen', status: 'open', priority: 'normal' },
      changedSince: ['status', 'title'],
      deletedAt: null,
      entries: 1,
    });
    const started = await stateAsOf(db, 'task', TASK, moments.started!);
    expect(started?.values).toMatchObject({ status: 'in_progress', title: 'Vertrag prüfen' });
  });

  it('after the deletion: deleted then, with the state it had (the delete entry sets no values)', async () => {
    const deleted = await stateAsOf(db, 'task', TASK, moments.deleted!);
    expect(deleted?.deletedAt).toBeInstanceOf(Date);
    expect(deleted?.values).toMatchObject({ status: 'done', title: 'Vertrag geprüft' });
    expect(deleted?.changedSince).toEqual([]);
    expect((await stateAsOf(db, 'task', TASK, moments.done!))?.deletedAt).toBeNull();
  });
});

describe('verifyRecordAsOf', () => {
  it('holds on an untouched history', async () => {
    expect(await verifyRecordAsOf(db, 'task', TASK, moments.deleted!)).toEqual({
      ok: true,
      checked: 4,
      firstBroken: null,
    });
  });

  it('pages through the entries in bounded statements and checks each once', async () => {
    for (const batch of [1, 3, 4]) {
      expect(await verifyRecordAsOf(db, 'task', TASK, moments.deleted!, batch)).toEqual({
        ok: true,
        checked: 4,
        firstBroken: null,
      });
    }
  });

  it('names the entry whose content was changed behind the triggers, and only from its moment on', async () => {
    const [target] = (
      (await db.execute(
        sql.raw(
          `select id::text as id from changes where entity_id = '${TASK}' and action = 'update' and fields @> '[{"after":"in_progress"}]'`,
        ),
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const [broken, before] = await tampered(
      [
        `update changes set fields = '[{"field":"status","before":"open","after":"done"}]'::jsonb where id = '${target!.id}'`,
      ],
      async (tx) => [
        await verifyRecordAsOf(tx, 'task', TASK, moments.deleted!),
        await verifyRecordAsOf(tx, 'task', TASK, moments.created!),
      ],
    );
    expect(broken).toEqual({ ok: false, checked: 1, firstBroken: { id: target!.id, reason: 'hash' } });
    // Up to a moment before the changed entry, the entries still hold.
    expect(before.ok).toBe(true);
    // Rolled back: it holds again.
    expect((await verifyRecordAsOf(db, 'task', TASK, moments.deleted!)).ok).toBe(true);
  });

  it('finds a neighbouring entry removed (the link) and a MAC deleted', async () => {
    const gap = await tampered([`DELETE FROM changes WHERE entity_id = '${OTHER}'`], (tx) =>
      verifyRecordAsOf(tx, 'task', TASK, moments.deleted!),
    );
    expect(gap.ok).toBe(false);
    expect(['next', 'prev_hash']).toContain(gap.firstBroken?.reason);
    const mac = await tampered(
      [`DELETE FROM changes_mac WHERE change_id IN (select id from changes where entity_id = '${TASK}')`],
      (tx) => verifyRecordAsOf(tx, 'task', TASK, moments.deleted!),
    );
    expect(mac).toMatchObject({ ok: false, checked: 0, firstBroken: { reason: 'mac' } });
  });
});

describe('snapshots (a record with more than SNAPSHOT_EVERY entries)', () => {
  const LONG = '66666666-6666-4666-8666-666666666666';
  const ENTRIES = 2 * SNAPSHOT_EVERY + 22;
  /** The time of each entry, by its index (0: the create). */
  let times: Date[] = [];

  const rows = async <T>(text: string, on: Db = db): Promise<T[]> =>
    ((await on.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const snapshotCount = async (on: Db = db) =>
    (await rows<{ n: number }>(`select count(*)::int as n from history_snapshots where entity_id = '${LONG}'`, on))[0]!.n;

  beforeAll(async () => {
    for (let index = 0; index < ENTRIES; index += 1) {
      await recordChange(db, {
        actor,
        entityType: 'task',
        entityId: LONG,
        entityLabel: 'Lang',
        action: index === 0 ? 'create' : 'update',
        fields:
          index === 0
            ? [
                { field: 'title', before: null, after: 'T 0' },
                { field: 'status', before: null, after: 'open' },
              ]
            : [{ field: 'title', before: `T ${index - 1}`, after: `T ${index}` }],
      });
    }
    times = (
      await rows<{ at: string }>(
        `select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from changes where entity_id = '${LONG}' order by at, chain, seq`,
      )
    ).map((row) => new Date(row.at));
  });

  /** A moment at which exactly `count` entries exist (entries may share a millisecond: the next one's). */
  const afterEntries = (count: number) => {
    let index = count - 1;
    while (index + 1 < times.length && times[index + 1]!.getTime() === times[index]!.getTime()) index += 1;
    return { at: times[index]!, count: index + 1 };
  };

  it('the first read walks every entry and writes one snapshot every SNAPSHOT_EVERY; later reads give the same answers from them', async () => {
    expect(await snapshotCount()).toBe(0);
    const moment = afterEntries(SNAPSHOT_EVERY + 30);
    const first = await recordAsOf(db, 'task', LONG, moment.at);
    expect(await snapshotCount()).toBe(Math.floor(ENTRIES / SNAPSHOT_EVERY));
    const again = await recordAsOf(db, 'task', LONG, moment.at);
    expect(again).toEqual(first);
    expect(again.verification).toEqual({ ok: true, checked: moment.count, firstBroken: null });
    expect(again.state).toMatchObject({
      values: { title: `T ${moment.count - 1}`, status: 'open' },
      changedSince: ['title'],
      entries: moment.count,
    });
    // After the newest snapshot: its entries since are checked now.
    const late = afterEntries(ENTRIES - 3);
    expect((await recordAsOf(db, 'task', LONG, late.at)).verification).toEqual({
      ok: true,
      checked: late.count,
      firstBroken: null,
    });
    expect(await stateAsOf(db, 'task', LONG, late.at)).toMatchObject({ values: { title: `T ${late.count - 1}` } });
  });

  it('an entry changed behind the triggers before the moment shows although snapshots cover it', async () => {
    const moment = afterEntries(SNAPSHOT_EVERY + 30);
    await recordAsOf(db, 'task', LONG, moment.at);
    expect(await snapshotCount()).toBeGreaterThan(0);
    const [target] = await rows<{ id: string }>(
      `select id::text as id from changes where entity_id = '${LONG}' and fields @> '[{"after":"T 10"}]'`,
    );
    const broken = await tampered(
      [`update changes set fields = '[{"field":"title","before":"T 9","after":"T 99"}]'::jsonb where id = '${target!.id}'`],
      (tx) => recordAsOf(tx, 'task', LONG, moment.at),
    );
    expect(broken.verification).toEqual({ ok: false, checked: 10, firstBroken: { id: target!.id, reason: 'hash' } });
    // Rolled back: it holds again, from the snapshots.
    expect((await recordAsOf(db, 'task', LONG, moment.at)).verification.ok).toBe(true);
  });

  it('a backdated entry inserted later (insert rights, no key) shows as unsealed although its time lies before a snapshot', async () => {
    const moment = afterEntries(SNAPSHOT_EVERY + 30);
    await recordAsOf(db, 'task', LONG, moment.at);
    const backdated = new Date(times[5]!.getTime() + 1).toISOString();
    const result = await inTransaction(async (tx) => {
      await tx.execute(
        sql.raw(`insert into changes (at, actor_label, entity_type, entity_id, entity_label, action, fields)
          values ('${backdated}', 'Jemand', 'task', '${LONG}', 'Lang', 'update', '[{"field":"title","before":"T 5","after":"gefälscht"}]')`),
      );
      return recordAsOf(tx, 'task', LONG, moment.at);
    });
    expect(result.verification.ok).toBe(false);
    expect(result.verification.firstBroken?.reason).toBe('mac');
  });

  it('a snapshot changed in the table is not trusted: the values come from the entries', async () => {
    const moment = afterEntries(SNAPSHOT_EVERY + 30);
    await recordAsOf(db, 'task', LONG, moment.at);
    const result = await inTransaction(async (tx) => {
      await tx.execute(
        sql.raw(`update history_snapshots set state = replace(state, 'T ${SNAPSHOT_EVERY - 1}', 'gefälscht') where entity_id = '${LONG}'`),
      );
      return recordAsOf(tx, 'task', LONG, afterEntries(SNAPSHOT_EVERY).at);
    });
    expect(result.state?.values.title).toBe(`T ${afterEntries(SNAPSHOT_EVERY).count - 1}`);
    expect(result.verification.ok).toBe(true);
  });

  it('a replaced as-of function is not trusted: its rows are not the view, the entries are', async () => {
    const moment = afterEntries(SNAPSHOT_EVERY + 30);
    await recordAsOf(db, 'task', LONG, moment.at);
    const columns = `which text, guard_now text, generation text, heads text, guard text, verified_at text, mac text,
      change_id text, at text, chain text, seq text, hash text, entries integer, state text, action text, fields text,
      late boolean`;
    const result = await inTransaction(async (tx) => {
      // The genuine function under another name, and one in its place that changes the entries it answers.
      await tx.execute(sql.raw('ALTER FUNCTION history_as_of_rows(text, uuid, timestamptz, integer) RENAME TO genuine_rows'));
      await tx.execute(
        sql.raw(`CREATE FUNCTION history_as_of_rows(p_type text, p_id uuid, p_at timestamptz, p_limit integer)
          RETURNS TABLE (${columns}) LANGUAGE sql STABLE AS $$
            select r.which, r.guard_now, r.generation, r.heads, r.guard, r.verified_at, r.mac, r.change_id, r.at,
              r.chain, r.seq, r.hash, r.entries, r.state, r.action, replace(r.fields, '"T ', '"gefälscht '), r.late
            from genuine_rows(p_type, p_id, p_at, p_limit) r $$`),
      );
      return recordAsOf(tx, 'task', LONG, moment.at);
    });
    expect(result.state?.values.title).toBe(`T ${moment.count - 1}`);
    expect(result.verification).toEqual({ ok: true, checked: moment.count, firstBroken: null });
  });

  it('writes no snapshot while the append-only guard is not as the migrations define it', async () => {
    const count = await inTransaction(async (tx) => {
      await tx.execute(sql.raw(`delete from history_snapshots where entity_id = '${LONG}'`));
      await tx.execute(sql.raw(`delete from history_snapshot_marks where entity_id = '${LONG}'`));
      await tx.execute(sql.raw('ALTER TABLE changes ENABLE TRIGGER changes_no_update_delete'));
      const answer = await recordAsOf(tx, 'task', LONG, afterEntries(SNAPSHOT_EVERY + 30).at);
      expect(answer.verification.ok).toBe(true);
      return snapshotCount(tx);
    });
    expect(count).toBe(0);
  });
});

/** Runs in a transaction that is rolled back. */
async function inTransaction<T>(run: (tx: Db) => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await db
    .transaction(async (tx) => {
      answer = await run(tx as unknown as Db);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return answer!;
}

/** Tampers inside a transaction that is rolled back, and checks there. */
async function tampered<T>(statements: string[], check: (tx: Db) => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql.raw('ALTER TABLE changes DISABLE TRIGGER USER'));
      for (const statement of statements) await tx.execute(sql.raw(statement));
      answer = await check(tx as unknown as Db);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return answer!;
}

