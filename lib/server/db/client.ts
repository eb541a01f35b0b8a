import 'server-only';
import path from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import { getEnv } from '@/lib/env';
import { observePostgres, observed } from './observe-statements';
import { type Begin, guardBegin } from './guard-transactions';
import { runScript } from './run-script';
import * as schema from './schema';
import type { Db } from './types';

interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Raw SQL with `$n` parameters, several statements when there are none (the job queue's setup). */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** PGlite only: a consistent copy of the data folder (a gzipped tar, `PGlite.dumpDataDir`). */
  dumpDataDir?: () => Promise<Blob>;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/server/db/migrations');

/**
 * PGlite runs Postgres inside a WebAssembly memory that only ever grows and whose touched pages
 * stay resident. Postgres' default shared_buffers (128 MB) are all touched at start, and would stay
 * resident for nothing. PGlite reads its files through Node's fs, so a page that is not among the
 * shared buffers comes from the OS page cache at the cost of a read call; 16 MB hold the hot index
 * and catalogue pages (resident figures: docs/performance.md#memory).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];

/**
 * PGlite runs its queued statements one after another, handing its lock on in a microtask, so Node
 * reads no socket between them and a request waits for every statement queued before it (issue
 * 45: 16 parallel searches kept `/api/v1/health/` waiting over a second). Here every statement (or
 * whole transaction) waits its turn and first yields to the event loop (`setImmediate`), so another
 * request waits for the statement running only. A transaction's statements use its own handle.
 */
function yieldBetweenStatements(
  client: import('@electric-sql/pglite').PGlite,
): <T>(run: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = queue.then(() => setImmediate()).then(run);
    queue = turn.catch(() => undefined);
    return turn;
  };
  const { query, exec, transaction } = client;
  // Each statement observed in its turn (duration metric, SQL span): lib/server/db/observe-statements.ts.
  client.query = ((...args: Parameters<typeof query>) =>
    inTurn(() => observed(args[0], 'pglite', () => query.apply(client, args)))) as typeof query;
  client.exec = ((...args: Parameters<typeof exec>) =>
    inTurn(() => observed(args[0], 'pglite', () => exec.apply(client, args)))) as typeof exec;
  client.transaction = (<T>(body: (tx: import('@electric-sql/pglite').Transaction) => Promise<T>) =>
    inTurn(() =>
      transaction.call(client, (tx) => {
        const { query: txQuery, exec: txExec } = tx;
        tx.query = ((...args: Parameters<typeof txQuery>) =>
          observed(args[0], 'pglite', () => txQuery(...args))) as typeof txQuery;
        tx.exec = ((...args: Parameters<typeof txExec>) =>
          observed(args[0], 'pglite', () => txExec(...args))) as typeof txExec;
        return body(tx);
      }),
    )) as typeof transaction;
  return inTurn;
}

// One database per process: PGlite is single-process and must never be opened twice.
const globalForDb = globalThis as unknown as { __benefitsDb?: Promise<DbHandle> };

type PostgresClient = import('postgres').Sql;

/** See guardBegin: a BEGIN on a dead connection begins once more; a break inside the body rejects safely. */
function guardTransactions(client: PostgresClient): void {
  (client as unknown as { begin: Begin }).begin = guardBegin(client.begin.bind(client) as Begin);
}

/** The advisory lock's key while migrating (any bigint; this one is "ebmt-mig" in ASCII). */
const MIGRATION_LOCK_KEY = '7305521891294144871';

/**
 * Runs the migrations while holding a session-level advisory lock on a connection of its own, so
 * instances that start at the same moment migrate one after the other: drizzle's migrator reads the
 * applied migrations and then applies the rest, and two of them at once both tried to create the
 * same tables (one instance failed to start). The lock is asked for with `pg_try_advisory_lock`
 * every 250 ms, so no statement waits long enough to meet `statement_timeout`; the lock ends with
 * its connection if the process dies meanwhile.
 */
async function underMigrationLock(client: PostgresClient, run: () => Promise<void>): Promise<void> {
  const reserved = await client.reserve();
  try {
    for (;;) {
      const [row] = await reserved.unsafe(`select pg_try_advisory_lock(${MIGRATION_LOCK_KEY}::bigint) as locked`);
      if (row?.locked === true) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    try {
      await run();
    } finally {
      await reserved.unsafe(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`);
    }
  } finally {
    reserved.release();
  }
}

async function openDatabase(): Promise<DbHandle> {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const client = postgres(env.DATABASE_URL, {
      max: env.DB_POOL_MAX,
      connect_timeout: env.DB_CONNECT_TIMEOUT_MS / 1000,
      // Idle connections are closed (a dead one is not kept for the next request), every
      // connection is renewed after half an hour, and TCP keep-alive finds a vanished server.
      idle_timeout: 30,
      max_lifetime: 30 * 60,
      keep_alive: 10,
      // postgres.js waits up to 20 s between attempts after failed connects by default, so a
      // restarted server stayed unused for seconds; a refused connect costs nothing, retry at once.
      backoff: () => 0,
      connection: {
        statement_timeout: env.DB_STATEMENT_TIMEOUT_MS,
        idle_in_transaction_session_timeout: env.DB_STATEMENT_TIMEOUT_MS,
      },
      onnotice: () => {},
    });
    guardTransactions(client);
    // Every statement observed as it is sent (duration metric, SQL span): lib/server/db/observe-statements.ts.
    observePostgres(client);
    const db = drizzle(client, { schema });
    try {
      await underMigrationLock(client, () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (error) {
      await client.end({ timeout: 0 });
      throw error;
    }
    const executeSql = async (text: string, values: unknown[] = []) => {
      let result: unknown[];
      if (values.length > 0) {
        result = await client.unsafe(text, values as never[]);
      } else {
        // pg-boss's set-up is one text with BEGIN … COMMIT: postgres.js allows that on a reserved
        // connection only (a pooled one could interleave another query into the transaction).
        result = (await runScript(() => client.reserve(), text)) as unknown[];
      }
      // Several statements answer one result per statement: the last one counts.
      const last = values.length === 0 && Array.isArray(result[0]) ? result.at(-1) : result;
      return { rows: [...((last ?? []) as Record<string, unknown>[])] };
    };
    return { db: db as unknown as Db, kind: 'postgres', close: () => client.end({ timeout: 5 }), executeSql };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = path.resolve(env.DATA_DIR, 'pglite');
  await mkdir(dataDir, { recursive: true });
  // One process per folder (data-dir-lock.ts): a second one is refused before it touches a file.
  const { lockDataDir } = await import('./data-dir-lock');
  const lock = await lockDataDir(dataDir);
  let client: import('@electric-sql/pglite').PGlite;
  try {
    client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
  } catch (error) {
    await lock.release();
    throw error;
  }
  const exec = client.exec;
  const inTurn = yieldBetweenStatements(client);
  const db = drizzle(client, { schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    // The next try opens the folder afresh: close it and let it go.
    await client.close().catch(() => undefined);
    await lock.release();
    throw error;
  }
  const executeSql = async (text: string, values: unknown[] = []) => {
    if (values.length > 0) {
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    }
    const results = await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  /**
   * The backup (docs/operations.md "Backup and restore"): in a turn of its own, so no statement or
   * transaction is between its statements; CHECKPOINT writes every page to the files, which are then
   * read as they stand (a restore opens them as after a clean shutdown).
   */
  const dumpDataDir = () =>
    inTurn(async () => {
      await exec.call(client, 'CHECKPOINT');
      return client.dumpDataDir('gzip');
    });
  const close = async () => {
    try {
      await client.close();
    } finally {
      await lock.release();
    }
  };
  return { db: db as unknown as Db, kind: 'pglite', close, executeSql, dumpDataDir };
}

async function openAndPrepare(): Promise<DbHandle> {
  const handle = await openDatabase();
  try {
    const { prepareDatabase } = await import('./seed/prepare');
    await prepareDatabase(handle.db);
    // The keyed chain's one-time anchoring of the entries written before it (issue 44).
    const [{ anchorChain }, { anchorsAtStart }] = await Promise.all([
      import('../history/anchor'),
      import('../history/chain-keys'),
    ]);
    if (anchorsAtStart()) await anchorChain(handle.db);
  } catch (error) {
    // The next try opens the database afresh (the embedded one's folder is let go).
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}

function handle(): Promise<DbHandle> {
  if (!globalForDb.__benefitsDb) {
    globalForDb.__benefitsDb = openAndPrepare().catch((error: unknown) => {
      // A failed start must not stick: the next call tries again.
      globalForDb.__benefitsDb = undefined;
      throw error;
    });
  }
  return globalForDb.__benefitsDb;
}

// Route bundles may each hold a copy of this module: the ambient transaction lives on globalThis.
const globalForTx = globalThis as unknown as { __benefitsAmbientTx?: AsyncLocalStorage<Db> };
const ambient = (globalForTx.__benefitsAmbientTx ??= new AsyncLocalStorage<Db>());

/**
 * The migrated, seeded database of this process — or, inside `inTransaction`, that transaction
 * (a service's own `transaction()` then becomes a savepoint within it).
 */
export async function getDb(): Promise<Db> {
  return ambient.getStore() ?? (await handle()).db;
}

/**
 * Runs `body` in one transaction that every `getDb()` within it answers: an idempotent create
 * stores its key and answer in the transaction that creates the record (lib/server/http/idempotency.ts).
 */
export async function inTransaction<T>(body: () => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction((tx) => ambient.run(tx as unknown as Db, body));
}

/** The job queue's connection to the database (pg-boss's `db` option). */
export async function rawSql(): Promise<DbHandle['executeSql']> {
  return (await handle()).executeSql;
}

export async function databaseKind(): Promise<DbHandle['kind']> {
  return (await handle()).kind;
}

export async function closeDb(): Promise<void> {
  const pending = globalForDb.__benefitsDb;
  globalForDb.__benefitsDb = undefined;
  if (pending) await (await pending).close();
}

/** A gzipped tar of the embedded database's folder; null on PostgreSQL (pg_dump backs it up). */
export async function dumpEmbeddedDatabase(): Promise<Blob | null> {
  const { dumpDataDir } = await handle();
  return dumpDataDir ? dumpDataDir() : null;
}

// The Node server (scripts/server.mjs) closes the database on shutdown and takes backups through
// these hooks: it runs outside Next's bundles and cannot import this module.
Object.assign(globalThis as object, { __benefitsCloseDb: closeDb, __benefitsDumpDb: dumpEmbeddedDatabase });

export { schema };
