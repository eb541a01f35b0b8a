/**
 * `npm run bench:chain` (issue 29): what the history's hash chain costs a write, and how long
 * verifying a million entries takes. In one run, on the embedded database (PGlite) and, with
 * `BENCH_DATABASE_URL` (a PostgreSQL server URL whose user may create databases), on PostgreSQL:
 *
 * - two fresh databases, one migrated to today's schema without the chain (up to 0007) and one
 *   with it (all migrations); 8 parallel writers each run the write every API update makes — one
 *   transaction updating an account row and appending its history entry — in interleaved rounds
 *   (without, with, without, with …, so a busy machine slows both alike), and print p50/p95 per
 *   write and the ratio (goal: p50 with the chain ≤ 1.2× without);
 * - 1,000,000 history entries appended to the chained database, then the offline verifier's walk
 *   (the code of `npm run audit:verify`) timed (goal < 60 s).
 *
 * BENCH_CHAIN_ENTRIES overrides the million, BENCH_CHAIN_SECONDS the seconds per round (default 3),
 * BENCH_CHAIN_ONLY=pglite|postgres runs one database.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHAIN_HEADS_SQL, verifyChain, type RawChainRow } from '../lib/server/history/chain';

const WRITERS = 8;
const ROUNDS = 4;
const ROUND_SECONDS = Number(process.env.BENCH_CHAIN_SECONDS ?? 3);
const ENTRIES = Number(process.env.BENCH_CHAIN_ENTRIES ?? 1_000_000);
const MIGRATIONS = path.join(process.cwd(), 'lib/server/db/migrations');

interface Conn {
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** One write transaction (the statements in order). */
  write(statements: [string, unknown[]][]): Promise<void>;
  close(): Promise<void>;
}

/** A copy of the migrations without the chain (today's schema before issue 29). */
function migrationsBeforeChain(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-chain-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0008');
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function openPglite(migrationsFolder: string): Promise<Conn> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-chain-pglite-'));
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder });
  return {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    write: async (statements) => {
      await client.transaction(async (tx) => {
        for (const [text, params] of statements) await tx.query(text, params);
      });
    },
    close: async () => {
      await client.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(serverUrl: string, migrationsFolder: string): Promise<Conn> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const name = `ebmt_bench_chain_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: WRITERS, onnotice: () => {} });
  await migrate(drizzle(client), { migrationsFolder });
  return {
    query: async (text, params) => [...(await client.unsafe(text, (params ?? []) as never[]))],
    write: async (statements) => {
      await client.begin(async (tx) => {
        for (const [text, params] of statements) await tx.unsafe(text, params as never[]);
      });
    },
    close: async () => {
      await client.end({ timeout: 5 });
      await admin.unsafe(`drop database ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

async function prepareAccounts(db: Conn): Promise<string[]> {
  const rows = await db.query(
    `insert into accounts (name, legal_form, lineage) select 'Bench ' || g, 'GmbH', '{}' from generate_series(1, ${WRITERS}) g returning id`,
  );
  const ids = rows.map((row) => String(row.id));
  await db.query(`update accounts set lineage = array[id]`);
  return ids;
}

/** The write of an API update: the record (version + 1) and its history entry, one transaction. */
const writeOf = (accountId: string, n: number): [string, unknown[]][] => [
  [
    `update accounts set notes = $2, version = version + 1, updated_at = now() where id = $1`,
    [accountId, `Notiz ${n}`],
  ],
  [
    `insert into changes (actor_id, actor_label, entity_type, entity_id, entity_label, account_id, action, fields)
     values (null, 'System', 'account', $1, 'Bench', $1, 'update', $2::jsonb)`,
    [accountId, JSON.stringify([{ field: 'notes', before: `Notiz ${n - 1}`, after: `Notiz ${n}` }])],
  ],
];

async function round(db: Conn, accounts: string[], seconds: number): Promise<number[]> {
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  let n = 0;
  await Promise.all(
    accounts.map(async (accountId) => {
      while (performance.now() < until) {
        const started = performance.now();
        await db.write(writeOf(accountId, (n += 1)));
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function writeCost(label: string, open: (migrations: string) => Promise<Conn>) {
  const before = migrationsBeforeChain();
  const [plain, chained] = [await open(before), await open(MIGRATIONS)];
  try {
    const targets = [
      { name: 'without chain', db: plain, accounts: await prepareAccounts(plain), times: [] as number[] },
      { name: 'with chain', db: chained, accounts: await prepareAccounts(chained), times: [] as number[] },
    ];
    for (const target of targets) await round(target.db, target.accounts, 1); // warm-up
    for (let index = 0; index < ROUNDS; index += 1) {
      for (const target of index % 2 === 0 ? targets : [...targets].reverse()) {
        target.times.push(...(await round(target.db, target.accounts, ROUND_SECONDS)));
      }
    }
    const [without, withChain] = targets.map((target) => ({
      name: target.name,
      writes: target.times.length,
      p50: quantile(target.times, 0.5),
      p95: quantile(target.times, 0.95),
    }));
    for (const row of [without!, withChain!]) {
      console.log(
        `[${label}] ${row.name.padEnd(13)} ${String(row.writes).padStart(6)} writes  p50 ${row.p50.toFixed(2)} ms  p95 ${row.p95.toFixed(2)} ms`,
      );
    }
    const ratio = withChain!.p50 / without!.p50;
    console.log(`[${label}] p50 with / without chain: ${ratio.toFixed(2)}× (goal ≤ 1.2×)`);
    return { chained, plain, ratio, without, withChain };
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}

async function verifyMillion(label: string, db: Conn) {
  const started = performance.now();
  const batch = 50_000;
  for (let done = 0; done < ENTRIES; done += batch) {
    const count = Math.min(batch, ENTRIES - done);
    await db.write([
      [
        `insert into changes (actor_label, entity_type, entity_id, entity_label, action, fields)
         select 'System', 'account', gen_random_uuid(), 'Konto ' || g, 'update',
                jsonb_build_array(jsonb_build_object('field', 'notes', 'before', g - 1, 'after', g))
         from generate_series(1, ${count}) g`,
        [],
      ],
    ]);
  }
  console.log(`[${label}] ${ENTRIES.toLocaleString('en')} entries appended in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const walk = performance.now();
  const result = await verifyChain(
    async (text, params) => (await db.query(text, params)) as RawChainRow[],
    async () =>
      (await db.query(CHAIN_HEADS_SQL)).map((head) => ({
        chain: Number(head.chain),
        seq: Number(head.seq),
        hash: Buffer.from(String(head.hash), 'hex'),
      })),
  );
  const seconds = (performance.now() - walk) / 1000;
  console.log(
    `[${label}] verify: ${result.ok ? 'holds' : 'BROKEN'}, ${result.checked.toLocaleString('en')} entries in ${seconds.toFixed(1)} s (goal < 60 s)`,
  );
  return { seconds, checked: result.checked, ok: result.ok };
}

async function main() {
  const results: Record<string, unknown> = {};
  const only = process.env.BENCH_CHAIN_ONLY;
  const targets: [string, (migrations: string) => Promise<Conn>][] = only === 'postgres' ? [] : [['pglite', openPglite]];
  if (process.env.BENCH_DATABASE_URL && only !== 'pglite') {
    const server = process.env.BENCH_DATABASE_URL;
    targets.push(['postgres', (migrations) => openPostgres(server, migrations)]);
  }
  for (const [label, open] of targets) {
    const cost = await writeCost(label, open);
    try {
      const verify = ENTRIES > 0 ? await verifyMillion(label, cost.chained) : null;
      results[label] = { ratio: cost.ratio, without: cost.without, withChain: cost.withChain, verify };
    } finally {
      await cost.plain.close();
      await cost.chained.close();
    }
  }
  writeFileSync('bench-chain-results.json', `${JSON.stringify(results, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
