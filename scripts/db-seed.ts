/**
 * `npm run db:seed`: migrates and fills an empty database (demo data, or with SEED_DEMO=false
 * the first admin from ADMIN_EMAIL/ADMIN_PASSWORD). A database that has users is left alone.
 */
import { closeDb, getDb } from '@/lib/server/db/client';

async function main() {
  // Opening the database migrates it and runs the same preparation as a server start.
  await getDb();
  console.log('[db] database prepared');
  await closeDb();
}

main().catch((error: unknown) => {
  console.error('[db] seeding failed', error);
  process.exit(1);
});
