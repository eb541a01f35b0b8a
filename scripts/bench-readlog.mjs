#!/usr/bin/env node
/**
 * `npm run bench:readlog` (issue 51): what the access log costs `/benutzer/`. Two production servers
 * of the same machine in the same run, each with its own demo database: BENCH_BEFORE_DIR (a checkout of
 * the main branch with its own `next build`, e.g. `git worktree add /tmp/main main && cd /tmp/main &&
 * ln -s <this checkout>/node_modules && npx next build`) and this checkout (built). The demo admin
 * asks `/benutzer/` (50 users a page, each logged) one request after the other, alternating rounds of
 * ROUND requests between the two after a warm-up; prints each round's p50, the p50 over all rounds
 * and the ratio after/before (goal ≤ 1.05). Then checks that the after server logged the reads.
 *
 *   BENCH_BEFORE_DIR=/tmp/main npm run bench:readlog
 *
 * BENCH_PORT (default 3700) and BENCH_PORT + 1 are the two servers' ports; BENCH_ROUNDS (default 6), BENCH_ROUND
 * (default 50).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverProcessEnv } from './server-process-env.mjs';
import { EMAIL, PASSWORD, apiToken, baseEnv, nextIp, root } from './bench/server.mjs';

const beforeDir = process.env.BENCH_BEFORE_DIR;
if (!beforeDir || !existsSync(path.join(beforeDir, '.next', 'BUILD_ID'))) {
  console.error('BENCH_BEFORE_DIR must name a built checkout of the main branch (see the comment at the top).');
  process.exit(2);
}
if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  console.error('This checkout has no build: run `npx next build` first.');
  process.exit(2);
}
const port = Number(process.env.BENCH_PORT ?? 3700);
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const perRound = Number(process.env.BENCH_ROUND ?? 50);
const PAGE = '/benutzer/?perPage=50';

const servers = [];
async function start(name, dir, serverPort) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-readlog-${name}-`));
  const child = spawn(process.execPath, [path.join(dir, 'scripts', 'server.mjs')], {
    cwd: dir,
    env: { ...serverProcessEnv(baseEnv(dataDir, serverPort)), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const server = { name, child, dataDir, base: `http://127.0.0.1:${serverPort}` };
  servers.push(server);
  for (let waited = 0; waited < 180_000; waited += 500) {
    try {
      const response = await fetch(`${server.base}/api/v1/health/ready/`);
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name}: the server did not become ready`);
}

async function stopAll() {
  for (const server of servers) {
    try {
      process.kill(-server.child.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const server of servers) rmSync(server.dataDir, { recursive: true, force: true });
}

/** next-auth's sign-in: the session cookie of the demo admin. */
async function sessionCookie(base) {
  const ip = nextIp();
  const csrf = await fetch(`${base}/api/auth/csrf/`, { headers: { 'x-forwarded-for': ip } });
  const jar = new Map();
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  };
  keep(csrf);
  const { csrfToken } = await csrf.json();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const callback = await fetch(`${base}/api/auth/callback/credentials/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie(), 'x-forwarded-for': ip },
    body: new URLSearchParams({ csrfToken, email: EMAIL, password: PASSWORD, json: 'true' }).toString(),
  });
  keep(callback);
  const session = [...jar].filter(([name]) => /session-token/.test(name));
  if (session.length === 0) throw new Error(`sign-in at ${base} failed: ${callback.status}`);
  return session.map(([name, value]) => `${name}=${value}`).join('; ');
}

/** `count` page loads one after the other; their times in ms. */
async function load(server, count) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${server.base}${PAGE}`, {
      headers: { cookie: server.cookie, accept: 'text/html' },
      redirect: 'manual',
    });
    await response.text();
    if (response.status !== 200) throw new Error(`${server.name}: ${PAGE} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

try {
  console.log(`Starting before (${beforeDir}) on ${port} and after (${root}) on ${port + 1} …`);
  const [before, after] = await Promise.all([start('before', beforeDir, port), start('after', root, port + 1)]);
  before.cookie = await sessionCookie(before.base);
  after.cookie = await sessionCookie(after.base);
  await load(before, 20);
  await load(after, 20);
  const all = { before: [], after: [] };
  for (let round = 0; round < rounds; round += 1) {
    // Alternating which goes first, so neither always follows the other's background work.
    const order = round % 2 === 0 ? [before, after] : [after, before];
    const figures = {};
    for (const server of order) {
      const times = await load(server, perRound);
      all[server.name].push(...times);
      figures[server.name] = median(times);
    }
    console.log(
      `round ${round + 1}: before p50 ${figures.before.toFixed(1)} ms · after p50 ${figures.after.toFixed(1)} ms · ratio ${(figures.after / figures.before).toFixed(3)}`,
    );
  }
  const p50Before = median(all.before);
  const p50After = median(all.after);
  console.log(
    `all rounds: before p50 ${p50Before.toFixed(1)} ms · after p50 ${p50After.toFixed(1)} ms · ratio ${(p50After / p50Before).toFixed(3)} (goal ≤ 1.05)`,
  );
  // The after server logged the reads: the admin viewed 50 people per load.
  const token = await apiToken(after.base);
  const me = await (
    await fetch(`${after.base}/api/v1/auth/me/`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const log = await fetch(`${after.base}/api/v1/users/${me.user.id}/access-log/?as=actor&perPage=200`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const page = await log.json();
  console.log(
    `after: the admin's access log answers ${log.status} with ${page.items?.length ?? 0} rows on its first page`,
  );
  if (log.status !== 200 || (page.items?.length ?? 0) < 50) process.exitCode = 1;
} finally {
  await stopAll();
}
