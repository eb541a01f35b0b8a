/**
 * `npm run bench:asof` (issue 51): a task with 10,000 history entries (BENCH_ENTRIES) on an embedded
 * database in memory; its current read (`requireTask`, what `GET /tasks/{id}` runs) against its read as
 * of the middle of its history (`recordAsOfInReach`: reach and the as-of read in one statement, what
 * `GET /tasks/{id}?asOf=` runs) and as of the worst moment for the snapshots (SNAPSHOT_EVERY - 1
 * entries past one); beside it, in the same run, "before": a second database on which no snapshot is
 * kept (replay and verification from the first entry). BENCH_ROUNDS (3) rounds of BENCH_RUNS (50) reads
 * each, measured twice: each read BENCH_RUNS times in a row, then the three in turn (see
 * interleavedP50s), BENCH_BEFORE_RUNS (5) for the slow before, after a warm-up; prints each round's
 * p50s and the ratios (goal ≤ 2×).
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from '../lib/server/db/schema';
import type { Db } from '../lib/server/db/types';
import { anchorChain } from '../lib/server/history/anchor';
import { SNAPSHOT_EVERY } from '../lib/server/history/snapshots';
import { recordAsOfInReach } from '../lib/server/services/changes/get-as-of';
import { requireTask } from '../lib/server/services/tasks/task-record';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const BEFORE_RUNS = Number(process.env.BENCH_BEFORE_RUNS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** A database with a task of ENTRIES history entries, one a minute back from now. */
async function open(label: string) {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const database = drizzle(client, { schema });
  await migrate(database, { migrationsFolder: path.join(process.cwd(), 'lib/server/db/migrations') });
  const db = database as unknown as Db;
  const [user] = await db
    .insert(schema.users)
    .values({ email: 'bench@example.com', firstName: 'Bench', lastName: 'Mark', role: 'admin', status: 'active' })
    .returning({ id: schema.users.id });
  const actor = { id: user!.id, role: 'admin' as const, accountId: null };
  const [task] = await db
    .insert(schema.tasks)
    .values({ title: 'Bench 0', assigneeId: user!.id, createdById: user!.id })
    .returning({ id: schema.tasks.id });
  const id = task!.id;
  // The create, then updates of title, status and priority.
  const start = Date.now() - ENTRIES * 60_000;
  const started = performance.now();
  for (let from = 0; from < ENTRIES; from += 1000) {
    const rows = [];
    for (let index = from; index < Math.min(ENTRIES, from + 1000); index += 1) {
      const fields =
        index === 0
          ? [
              { field: 'title', before: null, after: 'Bench 0' },
              { field: 'status', before: null, after: 'open' },
            ]
          : [
              { field: 'title', before: `Bench ${index - 1}`, after: `Bench ${index}` },
              { field: index % 2 ? 'status' : 'priority', before: null, after: index % 2 ? 'in_progress' : 'high' },
            ];
      rows.push({
        at: new Date(start + index * 60_000),
        actorId: user!.id,
        actorLabel: 'Bench',
        entityType: 'task' as const,
        entityId: id,
        entityLabel: 'Bench',
        action: index === 0 ? ('create' as const) : ('update' as const),
        fields,
      });
    }
    await db.insert(schema.changes).values(rows);
  }
  await anchorChain(db); // every entry gets its MAC
  console.log(`${label}: ${ENTRIES} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const current = () => requireTask(db, actor, id);
  const asOf = (moment: Date) => async () => {
    const { state, verification } = await recordAsOfInReach(db, actor, 'task', id, moment);
    if (!state || !verification.ok) throw new Error('as-of failed');
    return { state, verification };
  };
  /** Just after the entry with this index (0: the create). */
  const moment = (index: number) => new Date(start + index * 60_000 + 1000);
  return { client, db, current, asOf, moment };
}

/**
 * The p50s of several reads measured in turn (a, b, c, a, b, c, …), so a drift of the machine's speed
 * during the round (these hosts vary by 20 % and more within seconds) weighs on each alike.
 */
async function interleavedP50s(runs: readonly (() => Promise<unknown>)[], count: number): Promise<number[]> {
  const times = runs.map(() => [] as number[]);
  for (let index = 0; index < count; index += 1) {
    for (const [which, run] of runs.entries()) {
      const began = performance.now();
      await run();
      times[which]!.push(performance.now() - began);
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
}

/** The p50 of `count` runs of one read, one after the other. */
async function p50(run: () => Promise<unknown>, count: number): Promise<number> {
  return (await interleavedP50s([run], count))[0]!;
}

async function main() {
  // After: snapshots as the app keeps them. Before: the same code on a database whose append-only
  // guard is not as the migrations define it (ENABLE instead of ENABLE ALWAYS), so no snapshot is
  // written or trusted and every as-of read replays and verifies from the first entry, as before them.
  const after = await open('after');
  const before = await open('before');
  await before.client.query('ALTER TABLE changes ENABLE TRIGGER changes_no_update_delete');
  const middle = after.moment(ENTRIES / 2);
  // The worst moment: just before the next snapshot, SNAPSHOT_EVERY - 1 entries past the nearest one.
  const worstIndex = Math.ceil(ENTRIES / 2 / SNAPSHOT_EVERY) * SNAPSHOT_EVERY - 1;
  const worst = after.moment(worstIndex - 1);
  const beforeMiddle = before.moment(ENTRIES / 2);
  const first = performance.now();
  const check = await after.asOf(middle)();
  console.log(
    `first as-of read (verifies every entry, writes the snapshots): ${(performance.now() - first).toFixed(0)} ms; ` +
      `as of the middle: title ${String(check.state.values.title)}, ${check.verification.checked} entries checked`,
  );
  const old = await before.asOf(beforeMiddle)();
  if (JSON.stringify({ ...old.state, createdAt: 0 }) !== JSON.stringify({ ...check.state, createdAt: 0 })) {
    console.log(old.state, check.state);
    throw new Error('before and after differ');
  }
  const [{ count }] = (
    await after.client.query<{ count: number }>('select count(*)::int as count from history_snapshots')
  ).rows as [{ count: number }];
  console.log(`${count} snapshots (one every ${SNAPSHOT_EVERY} entries)`);

  await p50(after.current, 10);
  await p50(after.asOf(middle), 10);
  await p50(after.asOf(worst), 10);
  await p50(before.current, 10);
  await p50(before.asOf(beforeMiddle), 2);
  const ratios = (label: string, [currentMs, middleMs, worstMs]: readonly number[]) =>
    `${label}: current ${currentMs!.toFixed(2)} ms · as of the middle ${middleMs!.toFixed(2)} ms (×${(middleMs! / currentMs!).toFixed(2)})` +
    ` · as of ${worstIndex} entries ${worstMs!.toFixed(2)} ms (×${(worstMs! / currentMs!).toFixed(2)})`;
  const reads = [after.current, after.asOf(middle), after.asOf(worst)];
  for (let round = 0; round < ROUNDS; round += 1) {
    const sequential = [];
    for (const read of reads) sequential.push(await p50(read, RUNS));
    const interleaved = await interleavedP50s(reads, RUNS);
    const beforeCurrentMs = await p50(before.current, BEFORE_RUNS);
    const beforeMs = await p50(before.asOf(beforeMiddle), BEFORE_RUNS);
    console.log(
      `round ${round + 1}: ${ratios('each in a row', sequential)}\n         ${ratios('in turn', interleaved)}` +
        `\n         before: current ${beforeCurrentMs.toFixed(2)} ms · as of the middle ${beforeMs.toFixed(2)} ms (×${(beforeMs / beforeCurrentMs).toFixed(2)})`,
    );
  }
  await after.client.close();
  await before.client.close();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
