/**
 * `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded
 * database in DATA_DIR) and, like a server start, fills an empty database. Stop the server first
 * when using the embedded database: PGlite allows one process at a time.
 */
import { closeDb, databaseKind, getDb } from '@/lib/server/db/client';

async function main() {
  await getDb();
  console.log(`[db] ${await databaseKind()} database is migrated`);
  await closeDb();
}

main().catch((error: unknown) => {
  console.error('[db] migration failed', error);
  process.exit(1);
});
