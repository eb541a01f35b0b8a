#!/usr/bin/env node
/**
 * `npm run bench:bulk` (issue 26): on one production server with the demo data, in one run,
 *  1. the JavaScript a cold load of each list page fetches (gzip, as `npm run bench` counts it);
 *  2. reassigning BENCH_BULK_ROWS (1,000) tasks with `POST /tasks/bulk/` (one request, and in
 *     batches of 100 as the UI sends them) against as many single `PATCH /tasks/{id}` sent one
 *     after the other through the same server; both name the version each task has (If-Match /
 *     `versions`), so neither reads first. Prints the times and the ratio (goal ≤ 0.5×);
 *  3. on as many whitelist entries (imported first): four `set_valid_until` requests on a quarter each
 *     at once, then `set_valid_until` and `delete` on all of them in one `POST /whitelist/bulk/` each
 *     (without versions, as the UI's "all matching").
 * While each bulk request runs, `GET /api/v1/health/` is sampled every 50 ms (issue 45: no bulk
 * request may hold the event loop over 250 ms); the slowest sample is printed beside its time.
 *
 * BENCH_ROOT=dir serves another checkout's build (e.g. the commit before, for the JS before/after;
 * its lists have no bulk endpoint, so step 2 is skipped there). BENCH_PORT (default 3360).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadJs } from './bench/payload.mjs';
import { startHealthSampler } from './bench/health.mjs';
import { findFreePort } from './bench/proc.mjs';
import { serverProcessEnv } from './server-process-env.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(process.env.BENCH_ROOT ?? here);
const rows = Number(process.env.BENCH_BULK_ROWS ?? 1000);
const EMAIL = 'admin@example.com';
const PASSWORD = 'Demo-Passwort-2026';
const LIST_PAGES = ['/accounts/', '/benutzer/', '/dokumente/', '/freigaben/', '/historie/', '/tasks/', '/whitelist/'];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ebmt-bench-bulk-'));
const port = await findFreePort(Number(process.env.BENCH_PORT ?? 3360));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
  cwd: root,
  env: serverProcessEnv({
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    PORT: String(port),
    NEXTAUTH_URL: base,
    NEXTAUTH_SECRET: 'bench-nextauth-secret-only-for-benchmarks-0123456789',
    API_TOKEN_SECRET: 'bench-api-token-secret-only-for-benchmarks-0123456789',
    AUDIT_CHAIN_KEY: 'bench-audit-chain-key-only-for-benchmarks-0123456789',
    DATABASE_URL: '',
    BENEFITS_API_URL: '',
  }),
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // gone
  }
};

async function waitHealthy() {
  for (let attempt = 0; attempt < 360; attempt += 1) {
    const ok = await fetch(`${base}/api/v1/health/ready/`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become healthy');
}

async function pageCookie() {
  const csrf = await fetch(`${base}/api/auth/csrf/`);
  const jar = csrf.headers.getSetCookie().map((line) => line.split(';')[0]);
  const { csrfToken } = await csrf.json();
  const callback = await fetch(`${base}/api/auth/callback/credentials/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.join('; ') },
    body: new URLSearchParams({ csrfToken, email: EMAIL, password: PASSWORD, json: 'true' }).toString(),
  });
  const session = callback.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => /session-token=./.test(pair));
  if (!session) throw new Error('sign-in failed');
  return session;
}

async function api(token, method, apiPath, body, headers = {}) {
  const response = await fetch(`${base}/api/v1${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const ms = (start) => Math.round(performance.now() - start);

/** Runs `work` while /api/v1/health/ is sampled; answers its time and the slowest sample. */
async function withHealth(work) {
  const sampler = startHealthSampler(base);
  const start = performance.now();
  const result = await work();
  const took = ms(start);
  const health = await sampler.stop();
  return { result, took, health: `health max ${health.maxMs} ms (p99 ${health.p99Ms}, ${health.samples} samples)` };
}

try {
  await waitHealthy();
  const cookie = await pageCookie();
  console.log(`Serving ${root} on ${base}\n\nFirst-load JavaScript of the list pages (gzip -9):`);
  const cache = new Map();
  for (const page of LIST_PAGES) {
    const result = await firstLoadJs(base, page, { cookie }, cache);
    console.log(
      `  ${page.padEnd(14)} ${String(result.status).padEnd(4)} ${result.gzipKiB} KiB (${result.scripts} scripts)`,
    );
  }

  const { id_token: token } = await api('', 'POST', '/auth/login/', { email: EMAIL, password: PASSWORD });
  const me = await api(token, 'GET', '/auth/me/');
  const hasBulk = (await fetch(`${base}/api/v1/tasks/bulk/`, { method: 'OPTIONS' })).headers
    .get('allow')
    ?.includes('POST');
  if (!hasBulk || rows === 0) {
    // BENCH_BULK_ROWS=0 measures only the JavaScript.
    console.log(
      hasBulk
        ? '\nBENCH_BULK_ROWS=0: the timing is skipped.'
        : '\nThis build has no POST /tasks/bulk/: the timing is skipped.',
    );
  } else {
    const other = (await api(token, 'GET', '/tasks/assignees/?perPage=50')).items.find(
      (user) => user.id !== me.user.id,
    );
    const label = `bench-bulk-${randomUUID().slice(0, 8)}`;
    console.log(`\nCreating ${rows} tasks …`);
    const tasks = [];
    for (let index = 0; index < rows; index += 1) {
      const task = await api(token, 'POST', '/tasks/', { title: `${label} ${index}`, assigneeId: me.user.id });
      tasks.push({ id: task.id, version: task.version });
    }
    const singleStart = performance.now();
    for (const task of tasks) {
      const saved = await api(
        token,
        'PATCH',
        `/tasks/${task.id}/`,
        { assigneeId: other.id },
        { 'if-match': `W/"${task.version}"` },
      );
      task.version = saved.version;
    }
    const single = ms(singleStart);

    const versions = Object.fromEntries(tasks.map((task) => [task.id, task.version]));
    const {
      result: answer,
      took: bulk,
      health: bulkHealth,
    } = await withHealth(() =>
      api(
        token,
        'POST',
        '/tasks/bulk/',
        { action: 'reassign', assigneeId: me.user.id, ids: tasks.map((task) => task.id), versions },
        { 'idempotency-key': randomUUID() },
      ),
    );
    if (answer.counts.ok !== rows) throw new Error(`bulk: ${JSON.stringify(answer.counts)}`);

    for (const task of tasks) task.version += 1;
    const batchSampler = startHealthSampler(base);
    const batchStart = performance.now();
    for (let start = 0; start < rows; start += 100) {
      const batch = tasks.slice(start, start + 100);
      const result = await api(
        token,
        'POST',
        '/tasks/bulk/',
        {
          action: 'reassign',
          assigneeId: other.id,
          ids: batch.map((task) => task.id),
          versions: Object.fromEntries(batch.map((task) => [task.id, task.version])),
        },
        { 'idempotency-key': randomUUID() },
      );
      if (result.counts.ok !== batch.length) throw new Error(`batch: ${JSON.stringify(result.counts)}`);
    }
    const batched = ms(batchStart);
    const batchHealth = await batchSampler.stop();
    console.log(`\nReassigning ${rows} tasks (same server, same run):`);
    console.log(`  ${rows} single PATCHes, sequential: ${single} ms`);
    console.log(`  one POST /tasks/bulk/:            ${bulk} ms  (${(bulk / single).toFixed(2)}×), ${bulkHealth}`);
    console.log(
      `  ${rows / 100} bulk requests of 100 (the UI): ${batched} ms  (${(batched / single).toFixed(2)}×), health max ${batchHealth.maxMs} ms`,
    );

    const account = (await api(token, 'GET', '/accounts/?perPage=1&sort=name')).items[0];
    const csv = ['value;note;validUntil', ...tasks.map((_, index) => `n${index}.${label}@example.com;;`)].join('\n');
    const imported = await fetch(`${base}/api/v1/whitelist/import/?accountId=${account.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: csv,
    });
    if (!imported.ok) throw new Error(`whitelist import: ${imported.status} ${await imported.text()}`);
    const entryIds = [];
    for (let page = 1; entryIds.length < rows; page += 1) {
      const list = await api(token, 'GET', `/whitelist/?q=${label}&perPage=100&page=${page}&sort=value`);
      if (list.items.length === 0) break;
      entryIds.push(...list.items.map((item) => item.id));
    }
    console.log(`\nWhitelist entries, POST /whitelist/bulk/ on ${entryIds.length} rows (same run):`);
    const quarter = Math.ceil(entryIds.length / 4);
    const parallel = await withHealth(() =>
      Promise.all(
        [0, 1, 2, 3].map((part) =>
          api(
            token,
            'POST',
            '/whitelist/bulk/',
            {
              action: 'set_valid_until',
              validUntil: '2030-06-30',
              ids: entryIds.slice(part * quarter, (part + 1) * quarter),
            },
            { 'idempotency-key': randomUUID() },
          ),
        ),
      ),
    );
    console.log(`  4 × set_valid_until in parallel ${parallel.took} ms, ${parallel.health}`);
    for (const body of [
      { action: 'set_valid_until', validUntil: '2031-12-31', ids: entryIds },
      { action: 'delete', ids: entryIds },
    ]) {
      const run = await withHealth(() =>
        api(token, 'POST', '/whitelist/bulk/', body, { 'idempotency-key': randomUUID() }),
      );
      if (run.result.counts.ok !== entryIds.length)
        throw new Error(`${body.action}: ${JSON.stringify(run.result.counts)}`);
      console.log(`  ${body.action.padEnd(16)} ${run.took} ms, ${run.health}`);
    }
  }
} finally {
  stop();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
