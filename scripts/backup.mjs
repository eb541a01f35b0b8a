#!/usr/bin/env node
/**
 * `npm run backup -- <file> [--force]`: a consistent copy of the app's database into one file
 * (docs/operations.md "Backup and restore"). Document files are rows of the database
 * (`document_chunks`), so they are in it.
 *
 * - `DATABASE_URL` set: `pg_dump --format=custom` of that database (run it with the owner's URL:
 *   the application role may not read every table). Restore with `npm run restore`.
 * - Otherwise the embedded database in `DATA_DIR/pglite`. PGlite allows one process: while the
 *   server runs, it makes the copy itself — `POST /ops/backup` on `http://127.0.0.1:$PORT` with
 *   `Authorization: Bearer $BACKUP_TOKEN` (scripts/server.mjs answers it from the loopback interface
 *   only, and only with BACKUP_TOKEN set). With no server listening and the folder closed
 *   (no `postmaster.pid`), the folder is opened here and copied. Either way the file is a gzipped tar
 *   of the folder as PostgreSQL wrote it after a CHECKPOINT.
 *
 * The file holds every record and password hash, not the secrets (AUDIT_CHAIN_KEY, NEXTAUTH_SECRET,
 * API_TOKEN_SECRET): keep those apart from it. Written to `<file>.partial` first, then renamed; an
 * existing `<file>` is kept unless `--force`. Exit 0: written; 1: refused or failed; 2: usage.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const force = args.includes('--force');
const [target] = args.filter((arg) => !arg.startsWith('--'));
if (!target) {
  console.error('usage: npm run backup -- <file> [--force]');
  process.exit(2);
}
const file = path.resolve(target);
const partial = `${file}.partial`;

function fail(message) {
  console.error(`[backup] ${message}`);
  rmSync(partial, { force: true });
  process.exit(1);
}

if (existsSync(file) && !force) fail(`${file} exists; --force replaces it`);

const started = performance.now();
let how;

if (process.env.DATABASE_URL) {
  // Custom format: compressed, and pg_restore chooses what to restore and how (no owner, no grants).
  const dump = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-password', `--file=${partial}`, process.env.DATABASE_URL],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (dump.error) fail(`pg_dump could not run (${dump.error.message}); install PostgreSQL's client tools`);
  if (dump.status !== 0) fail(`pg_dump failed (exit ${dump.status})`);
  how = 'pg_dump of DATABASE_URL';
} else {
  const dataDir = path.resolve(process.env.DATA_DIR || './data', 'pglite');
  const port = process.env.PORT || '3000';
  let bytes = null;
  if (process.env.BACKUP_TOKEN) {
    let response = null;
    try {
      response = await fetch(`http://127.0.0.1:${port}/ops/backup`, {
        method: 'POST',
        headers: { authorization: `Bearer ${process.env.BACKUP_TOKEN}` },
      });
    } catch {
      // No server on this port: the folder below, if it is closed.
    }
    if (response && response.status !== 200) {
      const hint =
        response.status === 404
          ? 'the server on this port has no BACKUP_TOKEN (or is not this app)'
          : response.status === 401
            ? 'BACKUP_TOKEN differs from the server’s'
            : await response.text();
      fail(`the server on port ${port} answered ${response.status}: ${hint}`);
    }
    if (response) {
      bytes = Buffer.from(await response.arrayBuffer());
      how = `the running server on port ${port}`;
    }
  }
  if (!bytes) {
    if (!existsSync(dataDir)) fail(`no database at ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      fail(
        `${dataDir} is open in another process (postmaster.pid). Start the server with BACKUP_TOKEN and run ` +
          'the backup with the same PORT and BACKUP_TOKEN; after a crash, start and stop the server once.',
      );
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    try {
      await client.exec('CHECKPOINT');
      bytes = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
    how = `the closed folder ${dataDir}`;
  }
  writeFileSync(partial, bytes, { mode: 0o600 });
}

chmodSync(partial, 0o600);
renameSync(partial, file);
const size = statSync(file).size;
console.log(
  `[backup] ${file}: ${(size / 1024 / 1024).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
    `from ${how}, taken ${new Date().toISOString()}`,
);
