import 'server-only';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { getEnv } from '@/lib/env';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/server/db/migrations');

// One database per process: PGlite is single-process and must never be opened twice.
const globalForDb = globalThis as unknown as { __benefitsDb?: Promise<DbHandle> };

async function openDatabase(): Promise<DbHandle> {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const client = postgres(env.DATABASE_URL, { max: 10, onnotice: () => {} });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Db, kind: 'postgres', close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = path.resolve(env.DATA_DIR, 'pglite');
  await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openAndPrepare(): Promise<DbHandle> {
  const handle = await openDatabase();
  const { prepareDatabase } = await import('./seed/prepare');
  await prepareDatabase(handle.db);
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

/** The migrated, seeded database of this process. */
export async function getDb(): Promise<Db> {
  return (await handle()).db;
}

export async function databaseKind(): Promise<DbHandle['kind']> {
  return (await handle()).kind;
}

export async function closeDb(): Promise<void> {
  const pending = globalForDb.__benefitsDb;
  globalForDb.__benefitsDb = undefined;
  if (pending) await (await pending).close();
}

export { schema };
