import path from 'node:path';
import vm from 'node:vm';
import type { PGlite } from '@electric-sql/pglite';
import type { pg_trgm as PgTrgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';

/**
 * PGlite's CommonJS build loads its WASM, data bundle and Node built-ins with dynamic `import()`,
 * which Jest's module sandbox refuses unless Node runs with --experimental-vm-modules. So it is
 * loaded by Node's own `require`, outside the sandbox, where `import()` works; drizzle and the code
 * under test stay inside. (Timestamps arrive as strings either way: drizzle makes the Dates.)
 */
function requireOutsideJest<T>(id: string): T {
  // process.getBuiltinModule arrived in Node 20.16; the main module's require serves before that.
  const createRequire = vm.runInThisContext(
    '(process.getBuiltinModule?.("node:module") ?? process.mainModule.require("node:module")).createRequire',
  ) as (from: string) => (id: string) => unknown;
  return createRequire(__filename)(id) as T;
}

/**
 * A real, migrated PostgreSQL in memory for integration tests (close the client after). `migrationsFolder`:
 * another folder (a copy whose journal ends earlier, to seed data in an older form before a migration);
 * `dataDir`: on disk instead (for a script under test to open after the client is closed).
 */
export async function openMigratedPglite({
  migrationsFolder = path.join(process.cwd(), 'lib/server/db/migrations'),
  dataDir,
}: { migrationsFolder?: string; dataDir?: string } = {}): Promise<{ client: PGlite; db: Db }> {
  const { PGlite: PGliteClass } = requireOutsideJest<typeof import('@electric-sql/pglite')>('@electric-sql/pglite');
  const { pg_trgm } = requireOutsideJest<{ pg_trgm: typeof PgTrgm }>('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGliteClass.create(dataDir, { extensions: { pg_trgm } });
  const database = drizzle(client, { schema });
  await migrate(database, { migrationsFolder });
  return { client, db: database as unknown as Db };
}
