#!/usr/bin/env node
/**
 * `npm run restore -- <file> [--force]`: brings a backup of `npm run backup` back into an empty
 * database (docs/operations.md "Backup and restore"). The file says which kind it is:
 *
 * - a PostgreSQL dump (pg_dump's custom format) into `DATABASE_URL` with `pg_restore --no-owner
 *   --no-acl --single-transaction --exit-on-error` (objects belong to the restoring role, the owner;
 *   rerun scripts/pg-app-role.sql for the application role's rights). A database with tables of its
 *   own is refused; `--force` lets pg_restore drop and recreate what the dump holds (`--clean`).
 * - an embedded database (a gzipped tar) into `DATA_DIR/pglite`. A non-empty folder is refused;
 *   `--force` moves it aside to `pglite.replaced-<time>` (kept, never deleted). A folder in use
 *   (`postmaster.pid`) is always refused: stop the server first.
 *
 * Then start the server: it applies the migrations a newer release brings, and
 * `GET /api/v1/changes/verify/` proves the history complete. Exit 0: restored; 1: refused or
 * failed; 2: usage.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const force = args.includes('--force');
const [source] = args.filter((arg) => !arg.startsWith('--'));
if (!source) {
  console.error('usage: npm run restore -- <file> [--force]');
  process.exit(2);
}
const file = path.resolve(source);

function fail(message) {
  console.error(`[restore] ${message}`);
  process.exit(1);
}

if (!existsSync(file)) fail(`${file} does not exist`);
const head = Buffer.alloc(5);
const fd = openSync(file, 'r');
readSync(fd, head, 0, 5, 0);
closeSync(fd);
const kind = head.toString('latin1') === 'PGDMP' ? 'postgres' : head[0] === 0x1f && head[1] === 0x8b ? 'pglite' : null;
if (!kind) fail(`${file} is neither a PostgreSQL dump nor an embedded database's backup`);

const started = performance.now();

if (kind === 'postgres') {
  const url = process.env.DATABASE_URL;
  if (!url) fail('a PostgreSQL dump: set DATABASE_URL to the (empty) database to restore into');
  // Tables, views and sequences outside PostgreSQL's own schemas: an empty database has none.
  const count = spawnSync(
    'psql',
    [
      '-XAtq',
      '-v',
      'ON_ERROR_STOP=1',
      '-d',
      url,
      '-c',
      "select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r','p','v','m','S') and n.nspname not in ('pg_catalog','information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'",
    ],
    { encoding: 'utf8' },
  );
  if (count.error) fail(`psql could not run (${count.error.message}); install PostgreSQL's client tools`);
  if (count.status !== 0) fail(`cannot read the target database: ${count.stderr.trim()}`);
  const relations = Number(count.stdout.trim());
  if (relations > 0 && !force)
    fail(
      `the target database is not empty (${relations} tables, views and sequences); --force replaces what the dump holds`,
    );
  const restore = spawnSync(
    'pg_restore',
    [
      '--no-owner',
      '--no-acl',
      '--single-transaction',
      '--exit-on-error',
      ...(relations > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${url}`,
      file,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (restore.error) fail(`pg_restore could not run (${restore.error.message})`);
  if (restore.status !== 0) fail(`pg_restore failed (exit ${restore.status}); nothing was restored`);
  console.log(
    `[restore] ${file} restored into DATABASE_URL in ${((performance.now() - started) / 1000).toFixed(1)} s. ` +
      'With an application role: rerun scripts/pg-app-role.sql. Then start the server (it migrates) and check GET /api/v1/changes/verify/.',
  );
} else {
  if (process.env.DATABASE_URL) fail('a backup of the embedded database: unset DATABASE_URL and set DATA_DIR');
  const dataDir = path.resolve(process.env.DATA_DIR || './data', 'pglite');
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (existsSync(path.join(dataDir, 'postmaster.pid')))
      fail(`${dataDir} is in use (postmaster.pid): stop the server first`);
    if (!force) fail(`${dataDir} is not empty; --force moves it aside and restores`);
    const aside = `${dataDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, aside);
    console.log(`[restore] moved the previous database to ${aside}`);
  }
  // DATA_DIR may not exist yet (PGlite creates only its own folder in it).
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const loadDataDir = new Blob([readFileSync(file)], { type: 'application/x-gzip' });
  const client = await PGlite.create(dataDir, { loadDataDir, extensions: { pg_trgm } });
  try {
    const [row] = (await client.query('select count(*)::int as entries from changes')).rows;
    console.log(
      `[restore] ${file} restored into ${dataDir} in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(${row.entries} history entries). Start the server (it migrates) and check GET /api/v1/changes/verify/.`,
    );
  } finally {
    await client.close();
  }
}
