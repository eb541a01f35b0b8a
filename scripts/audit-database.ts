/**
 * The database of `npm run audit:verify` and `npm run audit:reseal`: `DATABASE_URL` (PostgreSQL), else the
 * embedded database in `DATA_DIR` (stop the server first: PGlite allows one process at a time).
 */
import path from 'node:path';
import { existsSync } from 'node:fs';

export type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface AuditDatabase {
  query: Query;
  /** Runs `body` in one transaction (rolled back if it throws). */
  transaction: <T>(body: (query: Query) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  where: string;
}

export async function openAuditDatabase(): Promise<AuditDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import('postgres');
    const client = postgres(url, { max: 1, onnotice: () => {} });
    return {
      query: async (text, params) => [...(await client.unsafe(text, params as never[]))],
      transaction: async (body) =>
        (await client.begin((sql) =>
          body(async (text, params) => [...(await sql.unsafe(text, params as never[]))]),
        )) as Awaited<ReturnType<typeof body>>,
      close: () => client.end({ timeout: 5 }),
      where: 'DATABASE_URL',
    };
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data', 'pglite');
  if (!existsSync(dataDir)) throw new Error(`no database at ${dataDir} (set DATA_DIR or DATABASE_URL)`);
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    transaction: (body) =>
      client.transaction((tx) =>
        body(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows),
      ),
    close: () => client.close(),
    where: dataDir,
  };
}
