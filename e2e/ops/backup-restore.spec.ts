import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { multipartBody, pdfBytes } from '../fixtures/documents';
import { freePort, startAppServer, type AppServer } from './support/app-server';
import { PostgresCluster } from './support/postgres-cluster';

/**
 * The backup and restore drill (issue 47, docs/operations.md "Backup and restore"), as ops run it:
 * `npm run backup` of a running server, more writes, `npm run restore` into a fresh database, a
 * server started on it. The restored server holds exactly what the backup held: its counts, a
 * history that verifies, the demo sign-in, a document's bytes — and nothing written afterwards.
 */

// Two servers with the demo data, a backup and a restore: minutes on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 900_000 });

const DEMO_ADMIN = { email: 'admin@example.com', password: 'Demo-Passwort-2026' };
/** Starting with the demo data took over two minutes with the machine's two cores shared. */
const READY_MS = 360_000;
const BACKUP_TOKEN = 'ops-backup-token-only-for-tests-0123456789';

/** The demo data (SEED_DEMO) and the backup endpoint. */
const SERVER_ENV = { SEED_DEMO: 'true', BACKUP_TOKEN };

/** Runs `node scripts/<script>.mjs …args` to its end: exit code and output. */
function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [`scripts/${script}.mjs`, ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function signInDemo(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { id_token: string }).id_token;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, `${url}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

/** What a restore must bring back: the lists' totals and the history's length. */
async function counts(server: AppServer, token: string) {
  const total = async (list: string) =>
    (await getJson<{ total: number }>(`${server.url}/api/v1/${list}/?perPage=1`, token)).total;
  const verify = await getJson<{ ok: boolean; checked: number }>(`${server.url}/api/v1/changes/verify/`, token);
  return {
    accounts: await total('accounts'),
    documents: await total('documents'),
    users: await total('users'),
    historyOk: verify.ok,
    historyEntries: verify.checked,
  };
}

/** Uploads a PDF of about 600 KiB (three chunks in the database) and answers its id and bytes. */
async function uploadDocument(server: AppServer, token: string, title: string) {
  const content = pdfBytes(randomBytes(300 * 1024).toString('hex'));
  const { body, contentType } = multipartBody(
    { title, category: 'contract', accountId: '', description: '' },
    { headerName: `${title}.pdf`, type: 'application/pdf', content },
  );
  const response = await fetch(`${server.url}/api/v1/documents/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, content };
}

async function download(server: AppServer, token: string, id: string): Promise<Buffer> {
  const response = await fetch(`${server.url}/api/v1/documents/${id}/versions/1/content/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * The drill on one kind of database: `source` runs the app, `target` is an empty database for the
 * restore; `scriptEnv` points the scripts at one or the other.
 */
async function drill(options: {
  source: () => Promise<AppServer>;
  target: (file: string) => Promise<AppServer>;
  backupEnv: (server: AppServer) => Record<string, string>;
  restoreEnv: Record<string, string>;
}) {
  const folder = mkdtempSync(path.join(tmpdir(), 'ebmt-ops-backup-'));
  const file = path.join(folder, 'benefits.backup');
  const source = await options.source();
  let restored: AppServer | undefined;
  try {
    const token = await signInDemo(source.url);
    const kept = await uploadDocument(source, token, `Vor der Sicherung ${randomBytes(4).toString('hex')}`);
    const before = await counts(source, token);
    expect(before.historyOk).toBe(true);

    const backup = await runScript('backup', [file], options.backupEnv(source));
    expect(backup.code, backup.output).toBe(0);
    expect(statSync(file).size).toBeGreaterThan(0);
    // Nothing was written meanwhile: these are the backup's counts.
    expect(await counts(source, token)).toEqual(before);
    // An existing file is kept.
    expect((await runScript('backup', [file], options.backupEnv(source))).code).toBe(1);

    const later = await uploadDocument(source, token, `Nach der Sicherung ${randomBytes(4).toString('hex')}`);
    expect((await counts(source, token)).documents).toBe(before.documents + 1);
    await source.stop();

    const missing = await runScript('restore', [`${file}.missing`], options.restoreEnv);
    expect(missing.code, missing.output).toBe(1);
    const restore = await runScript('restore', [file], options.restoreEnv);
    expect(restore.code, restore.output).toBe(0);

    restored = await options.target(file);
    const restoredToken = await signInDemo(restored.url);
    expect(await counts(restored, restoredToken)).toEqual(before);
    expect((await download(restored, restoredToken, kept.id)).equals(kept.content)).toBe(true);
    const absent = await fetch(`${restored.url}/api/v1/documents/${later.id}/`, {
      headers: { authorization: `Bearer ${restoredToken}` },
    });
    expect(absent.status).toBe(404);
  } finally {
    await source.stop();
    await restored?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

test('embedded database: backup of the running server, restore into a fresh folder', async () => {
  const sourceDir = mkdtempSync(path.join(tmpdir(), 'ebmt-ops-source-'));
  const targetDir = mkdtempSync(path.join(tmpdir(), 'ebmt-ops-target-'));
  try {
    await drill({
      source: () => startAppServer({ dataDir: sourceDir, env: SERVER_ENV, readyTimeoutMs: READY_MS }),
      backupEnv: (server) => ({ DATA_DIR: server.dataDir, PORT: new URL(server.url).port, BACKUP_TOKEN }),
      restoreEnv: { DATA_DIR: targetDir },
      target: async (file) => {
        // A second restore into the now filled folder is refused.
        const again = await runScript('restore', [file], { DATA_DIR: targetDir });
        expect(again.code, again.output).toBe(1);
        expect(again.output).toContain('not empty');
        return startAppServer({ dataDir: targetDir, env: SERVER_ENV, readyTimeoutMs: READY_MS });
      },
    });
  } finally {
    rmSync(sourceDir, { recursive: true, force: true });
    rmSync(targetDir, { recursive: true, force: true });
  }
});

test('embedded database: the backup endpoint is closed without BACKUP_TOKEN and without the token', async () => {
  const withToken = await startAppServer({ env: { BACKUP_TOKEN }, readyTimeoutMs: READY_MS });
  try {
    const wrong = await fetch(`${withToken.url}/ops/backup`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong' },
    });
    expect(wrong.status).toBe(401);
    expect((await fetch(`${withToken.url}/ops/backup`, { method: 'POST' })).status).toBe(401);
    // The script refuses to open the folder the server holds.
    const folder = mkdtempSync(path.join(tmpdir(), 'ebmt-ops-backup-'));
    try {
      const direct = await runScript('backup', [path.join(folder, 'b')], {
        DATA_DIR: withToken.dataDir,
        PORT: String(await freePort()),
      });
      expect(direct.code, direct.output).toBe(1);
      expect(direct.output).toContain('postmaster.pid');
      expect(existsSync(path.join(folder, 'b'))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  } finally {
    await withToken.stop();
  }
  const without = await startAppServer({ readyTimeoutMs: READY_MS });
  try {
    const refused = await fetch(`${without.url}/ops/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BACKUP_TOKEN}` },
    });
    expect(refused.status).toBe(404);
  } finally {
    await without.stop();
  }
});

const hasPgDump =
  spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;

test('PostgreSQL: pg_dump of the running server’s database, pg_restore into a fresh one', async () => {
  test.skip(!hasPgDump, 'pg_dump and pg_restore are not installed (PostgreSQL client tools)');
  const cluster = await PostgresCluster.create(await freePort());
  try {
    await cluster.sql('create database backup_source');
    await cluster.sql('create database backup_target');
    await drill({
      source: () =>
        startAppServer({ databaseUrl: cluster.url('backup_source'), env: SERVER_ENV, readyTimeoutMs: READY_MS }),
      backupEnv: () => ({ DATABASE_URL: cluster.url('backup_source') }),
      restoreEnv: { DATABASE_URL: cluster.url('backup_target') },
      target: async (file) => {
        const again = await runScript('restore', [file], { DATABASE_URL: cluster.url('backup_target') });
        expect(again.code, again.output).toBe(1);
        expect(again.output).toContain('not empty');
        return startAppServer({ databaseUrl: cluster.url('backup_target'), env: SERVER_ENV, readyTimeoutMs: READY_MS });
      },
    });
  } finally {
    await cluster.destroy();
  }
});
