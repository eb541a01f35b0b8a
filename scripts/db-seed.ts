/**
 * `npm run db:seed`: migrates and fills an empty database (demo data, or with SEED_DEMO=false
 * the first admin from ADMIN_EMAIL/ADMIN_PASSWORD). A database that has users is left alone.
 *
 * `npm run db:seed -- --scale`: then adds the benchmark data on top (SPEC §7: 100,000 accounts,
 * 1,000,000 changes, 200,000 whitelist entries; `--scale=0.1` for a tenth of it). It refuses a
 * database that has been scale-seeded before (exit code 3). Stop the server first when using the
 * embedded database: PGlite allows one process at a time.
 */
import { closeDb, databaseKind, getDb } from '@/lib/server/db/client';
import { ScaleSeedRefused, seedScaleData } from '@/lib/server/db/seed/scale';

/** Exit code for "this database already holds a scale seed"; `npm run bench` relies on it. */
const EXIT_ALREADY_SCALED = 3;

function scaleFactor(args: string[]): number | null {
  const flag = args.find((arg) => arg === '--scale' || arg.startsWith('--scale='));
  if (!flag) return null;
  if (flag === '--scale') return 1;
  const factor = Number(flag.slice('--scale='.length));
  if (!(factor > 0 && factor <= 10)) {
    console.error(`[db] --scale=<factor> needs a number in (0, 10], not "${flag.slice('--scale='.length)}"`);
    process.exit(2);
  }
  return factor;
}

async function main() {
  const factor = scaleFactor(process.argv.slice(2));
  const started = performance.now();
  // Opening the database migrates it and runs the same preparation as a server start.
  const db = await getDb();
  console.log(
    `[db] ${await databaseKind()} database prepared (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (factor !== null) {
    console.log(`[scale] adding the scale seed${factor === 1 ? '' : ` × ${factor}`} …`);
    const report = await seedScaleData(db, { factor });
    const n = (value: number) => value.toLocaleString('en');
    console.log(
      [
        `[scale] added ${n(report.accounts)} accounts (${n(report.topLevelAccounts)} top level; ` +
          `${n(report.demoDistributorAccounts)} of vertrieb@example.com), ${n(report.changes)} changes, ` +
          `${n(report.whitelistEntries)} whitelist entries, ${n(report.documents)} documents, ` +
          `${n(report.distributorsCreated)} distributors`,
        `[scale] now ${n(report.totals.accounts)} accounts, ${n(report.totals.changes)} changes, ` +
          `${n(report.totals.whitelistEntries)} whitelist entries, ${n(report.totals.documents)} documents, ` +
          `${n(report.totals.users)} users`,
        `[scale] took ${report.seconds.total} s (generate ${report.seconds.generate} s, vacuum/analyze ${report.seconds.analyze} s)`,
      ].join('\n'),
    );
  }
  await closeDb();
}

main().catch(async (error: unknown) => {
  if (error instanceof ScaleSeedRefused) {
    console.error(`[db] ${error.message}`);
    await closeDb().catch(() => undefined);
    process.exit(EXIT_ALREADY_SCALED);
  }
  console.error('[db] seeding failed', error);
  process.exit(1);
});
