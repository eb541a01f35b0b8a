/**
 * `npm run bench:chain` (issue 29): what the history's hash chain costs a write, and how long
 * verifying a million entries takes. In one run, on the embedded database (PGlite) and, with
 * `BENCH_DATABASE_URL` (a PostgreSQL server URL whose user may create databases), on PostgreSQL:
 *
 * - two fresh databases, one migrated to today's schema without the chain and one
 *   with it (both get every migration; the first has the chain's triggers, index and NOT NULLs
 *   taken out again); 8 parallel writers each run the write every API update makes — one
 *   transaction updating an account row and appending its history entry — in interleaved rounds
 *   (without, with, without, with …, so a busy machine slows both alike), and print p50/p95 per
 *   write and the ratio (goal: p50 with the chain ≤ 1.2× without);
 * - the write `PATCH /accounts/{id}` makes, through the service (`updateAccount`: reach check,
 *   optimistic lock, update, history entry), 8 parallel writers, chain on and off in interleaved
 *   rounds on one database (`bench-chain-service.ts`, a child process per database);
 * - a third database (all migrations) gets 1,000,000 history entries (linked by the trigger; on
 *   PostgreSQL four transactions at a time, so they spread over chains), then the verifier (the code
 *   of `GET /changes/verify` and `npm run audit:verify`) is timed (goal < 60 s).
 *
 * BENCH_CHAIN_ENTRIES overrides the million, BENCH_CHAIN_SECONDS the seconds per round (default 3),
 * BENCH_CHAIN_ONLY=pglite|postgres runs one database, BENCH_CHAIN_PARTS=write|service|verify some parts,
 * BENCH_CHAIN_JS=1 also times the verifier's JavaScript walk (`--js`), BENCH_CHAIN_ANALYZE=0 verifies
 * without the statistics an `analyze` after appending gives the planner (as right after a bulk load).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { verifyChain, type VerifyOptions } from '../lib/server/history/chain';

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

/**
 * Today's schema without the chain: every migration, then the chain's own parts taken out again —
 * its two triggers, the (chain, seq) index and the NOT NULLs of its columns. (Before, the baseline
 * stopped before 0008, so every later migration — the search's generated columns and indexes on
 * accounts among them — was counted as the chain's cost.)
 */
const WITHOUT_CHAIN = [
  `drop trigger changes_link on changes`,
  `drop trigger changes_link_head on changes`,
  `drop index changes_chain_seq_key`,
  `alter table changes alter column chain drop not null, alter column seq drop not null,
     alter column prev_hash drop not null, alter column hash drop not null`,
];

async function removeChain(db: Conn) {
  for (const statement of WITHOUT_CHAIN) await db.query(statement);
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
  const [plain, chained] = [await open(MIGRATIONS), await open(MIGRATIONS)];
  await removeChain(plain);
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
  return { chained, plain, ratio, without: without!, withChain: withChain! };
}

/** Appends `ENTRIES` history entries (linked by the trigger), in transactions of 50,000. */
async function appendEntries(label: string, db: Conn, parallel: number) {
  const started = performance.now();
  const batch = 50_000;
  const batches: number[] = [];
  for (let done = 0; done < ENTRIES; done += batch) batches.push(Math.min(batch, ENTRIES - done));
  // On PostgreSQL several transactions at once, so the entries spread over several chains as under load.
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let count = batches.shift(); count !== undefined; count = batches.shift()) {
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
    }),
  );
  if (process.env.BENCH_CHAIN_ANALYZE !== '0') await db.query('analyze changes');
  const chains = await db.query(`select count(*)::int as n from changes_chain_head where seq > 0`);
  console.log(
    `[${label}] ${ENTRIES.toLocaleString('en')} entries appended in ${((performance.now() - started) / 1000).toFixed(1)} s (${String(chains[0]?.n)} chains)`,
  );
}

/**
 * Times the verifier (the code of `GET /changes/verify` and `npm run audit:verify`) with the API's
 * settings (batches of ~50 ms, yielding between them) and the offline script's (~500 ms); with
 * BENCH_CHAIN_JS=1 also the walk that recomputes every hash in JavaScript (`--js`, the method before).
 * The longest single query is what the embedded database holds the event loop for.
 */
async function timeVerify(label: string, db: Conn) {
  const runs: [string, VerifyOptions][] = [
    ['in the database, API settings', { batchMs: 50, pause: () => setImmediate() }],
    ['in the database, offline settings', { batchMs: 500 }],
  ];
  if (process.env.BENCH_CHAIN_JS === '1')
    runs.push(['in JavaScript (--js)', { recompute: 'javascript', batchMs: 500 }]);
  const timings: Record<
    string,
    { seconds: number; checked: number; ok: boolean; queries: number; longestQueryMs: number }
  > = {};
  for (const [name, options] of runs) {
    let queries = 0;
    let longest = 0;
    const started = performance.now();
    const result = await verifyChain(async (text, params) => {
      const at = performance.now();
      const rows = await db.query(text, params);
      queries += 1;
      longest = Math.max(longest, performance.now() - at);
      return rows;
    }, options);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[${label}] verify ${name}: ${result.ok ? 'holds' : 'BROKEN'}, ${result.checked.toLocaleString('en')} entries in ${seconds.toFixed(1)} s (goal < 60 s), ${queries} queries, longest ${longest.toFixed(0)} ms`,
    );
    timings[name] = { seconds, checked: result.checked, ok: result.ok, queries, longestQueryMs: Math.round(longest) };
  }
  return timings;
}

/** Part `service`: `bench-chain-service.ts` in a child process on a fresh database of its own. */
async function serviceCost(label: string, serverUrl?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, SEED_DEMO: 'false' };
  let cleanup = async () => {};
  if (serverUrl) {
    const { default: postgres } = await import('postgres');
    const name = `ebmt_bench_chain_service_${process.pid}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanup = async () => {
      await admin.unsafe(`drop database ${name} with (force)`);
      await admin.end({ timeout: 5 });
    };
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-chain-service-'));
    env.DATA_DIR = dataDir;
    delete env.DATABASE_URL;
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=react-server', path.join('scripts', 'bench-chain-service.ts')],
      { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const line = child.stdout.trim().split('\n').at(-1) ?? '';
    if (child.status !== 0 || !line.startsWith('{'))
      throw new Error(`bench-chain-service failed (${child.status}): ${child.stdout}`);
    const result = JSON.parse(line) as {
      without: { writes: number; p50: number; p95: number };
      withChain: typeof result.without;
      ratio: number;
    };
    for (const [name, row] of [
      ['without chain', result.without],
      ['with chain', result.withChain],
    ] as const) {
      console.log(
        `[${label}] service ${name.padEnd(13)} ${String(row.writes).padStart(6)} writes  p50 ${row.p50.toFixed(2)} ms  p95 ${row.p95.toFixed(2)} ms`,
      );
    }
    console.log(`[${label}] service p50 with / without chain: ${result.ratio.toFixed(2)}× (goal ≤ 1.2×)`);
    return result;
  } finally {
    await cleanup();
  }
}

async function main() {
  const results: Record<string, unknown> = {};
  const only = process.env.BENCH_CHAIN_ONLY;
  const server = process.env.BENCH_DATABASE_URL;
  const targets: [string, (migrations: string) => Promise<Conn>, string | undefined][] =
    only === 'postgres' ? [] : [['pglite', openPglite, undefined]];
  if (server && only !== 'pglite') {
    targets.push(['postgres', (migrations) => openPostgres(server, migrations), server]);
  }
  const parts = (process.env.BENCH_CHAIN_PARTS ?? 'write,service,verify').split(',');
  for (const [label, open, serverUrl] of targets) {
    const result: Record<string, unknown> = {};
    if (parts.includes('write')) {
      const cost = await writeCost(label, open);
      Object.assign(result, { ratio: cost.ratio, without: cost.without, withChain: cost.withChain });
      await cost.plain.close();
      await cost.chained.close();
    }
    if (parts.includes('service')) result.service = await serviceCost(label, serverUrl);
    if (parts.includes('verify') && ENTRIES > 0) {
      const db = await open(MIGRATIONS);
      try {
        await appendEntries(label, db, label === 'postgres' ? 4 : 1);
        result.verify = await timeVerify(label, db);
      } finally {
        await db.close();
      }
    }
    results[label] = result;
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
