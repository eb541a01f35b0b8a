/**
 * Part `service` of `npm run bench:chain` (issue 29), run by `bench-chain.ts` in a child process per
 * database (the app's database is one per process): the write `PATCH /accounts/{id}` makes — the
 * service `updateAccount` with its reach check, optimistic lock, update and history entry — by 8
 * parallel writers, in interleaved rounds with the chain's triggers enabled and disabled on the same
 * database. (The app writes placeholders into the chain's columns that the trigger overwrites, so for
 * the rounds without it the (chain, seq) unique index is dropped for the whole run; on its own it
 * cost ~6 µs of the chain's ~200 µs per write in the transaction-level part.)
 *
 * The database comes from the environment as for the app (`DATA_DIR` or `DATABASE_URL`, both fresh);
 * prints one JSON line `{ "without": {...}, "withChain": {...}, "ratio": n }`.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/server/db/client';
import { rowsOf } from '@/lib/server/db/rows';
import { accounts, users } from '@/lib/server/db/schema';
import { updateAccount, type AccountUpdate } from '@/lib/server/services/accounts/update-account';
import { testActor } from '@/test-support/actor';

const WRITERS = 8;
const ROUNDS = 4;
const ROUND_SECONDS = Number(process.env.BENCH_CHAIN_SECONDS ?? 3);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function main() {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({
      email: `bench-${randomUUID()}@bench.example`,
      firstName: 'Bench',
      lastName: 'Admin',
      role: 'admin',
      status: 'active',
    })
    .returning({ id: users.id });
  const actor = testActor('admin', null, user!.id);
  const created = await db
    .insert(accounts)
    .values(
      Array.from({ length: WRITERS }, (_, index) => ({ name: `Bench ${index + 1}`, legalForm: 'GmbH', lineage: [] })),
    )
    .returning({ id: accounts.id });
  await db.execute(sql`update accounts set lineage = array[id]`);
  const versions = new Map<string, number>();
  for (const row of await rowsOf<{ id: string; version: number }>(db, sql`select id, version from accounts`)) {
    versions.set(row.id, row.version);
  }
  await db.execute(sql`drop index changes_chain_seq_key`);
  const chain = async (on: boolean) => {
    const how = on ? 'enable always' : 'disable';
    await db.execute(sql.raw(`alter table changes ${how} trigger changes_link, ${how} trigger changes_link_head`));
  };

  let n = 0;
  const round = async (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    const times: number[] = [];
    await Promise.all(
      created.map(async ({ id }) => {
        while (performance.now() < until) {
          n += 1;
          const started = performance.now();
          const { account } = await updateAccount(
            actor,
            id,
            { notes: `Notiz ${n}` } as AccountUpdate,
            versions.get(id)!,
          );
          times.push(performance.now() - started);
          versions.set(id, account.version);
        }
      }),
    );
    return times;
  };
  const targets = [
    { name: 'without chain', on: false, times: [] as number[] },
    { name: 'with chain', on: true, times: [] as number[] },
  ];
  for (const target of targets) {
    await chain(target.on);
    await round(1); // warm-up
  }
  for (let index = 0; index < ROUNDS; index += 1) {
    for (const target of index % 2 === 0 ? targets : [...targets].reverse()) {
      await chain(target.on);
      target.times.push(...(await round(ROUND_SECONDS)));
    }
  }
  const [without, withChain] = targets.map((target) => ({
    writes: target.times.length,
    p50: quantile(target.times, 0.5),
    p95: quantile(target.times, 0.95),
  }));
  console.log(JSON.stringify({ without, withChain, ratio: withChain!.p50 / without!.p50 }));
  await closeDb();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
