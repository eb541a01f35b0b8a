/**
 * The benchmarks' production server (`npm run bench`, `npm run bench:lighthouse`): the build, the
 * environment, `scripts/server.mjs` started in a process group of its own and stopped with it, and
 * the API sign-in.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverProcessEnv } from '../server-process-env.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const EMAIL = 'admin@example.com';
export const PASSWORD = 'Demo-Passwort-2026';
const HEALTH_TIMEOUT_MS = 3 * 60_000;

export const seconds = (ms) => Math.round(ms / 100) / 10;

/** The environment of the benchmarks' server, seed and build (demo data in `dataDir`). */
export function baseEnv(dataDir, port) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_IGNORE_INCORRECT_LOCKFILE: '1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    NEXTAUTH_SECRET: 'bench-nextauth-secret-only-for-benchmarks-0123456789',
    API_TOKEN_SECRET: 'bench-api-token-secret-only-for-benchmarks-0123456789',
    AUDIT_CHAIN_KEY: 'bench-audit-chain-key-only-for-benchmarks-0123456789',
    // The bench stands in for a proxy: each sign-in speaks from the X-Forwarded-For address it
    // sends, so the per-address sign-in limit does not trip.
    TRUSTED_PROXY_HOPS: '1',
  };
  delete env.DATABASE_URL;
  delete env.BENEFITS_API_URL;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (port) {
    env.PORT = String(port);
    env.NEXTAUTH_URL = `http://127.0.0.1:${port}`;
  }
  return env;
}

/** Runs `next build` when there is no build, or always with BENCH_BUILD=1. */
export function buildIfNeeded() {
  const forced = process.env.BENCH_BUILD === '1';
  if (!forced && existsSync(path.join(root, '.next', 'BUILD_ID'))) return;
  console.log(`${forced ? 'BENCH_BUILD=1' : 'No build found'}; running \`next build\` first (a few minutes) …`);
  const build = spawnSync('npx', ['next', 'build'], { cwd: root, env: baseEnv(os.tmpdir()), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('`next build` failed');
}

/**
 * Starts the production server (`scripts/server.mjs`, with the settings `npm start` uses) and waits
 * until it reports ready; `serverRoot`: another checkout's build (the before of a before/after). `state.server` holds the process and `state.serverLog` its last 200 lines.
 */
export async function startServer(state, dataDir, port, serverRoot = root) {
  const which = serverRoot === root ? '' : ` of ${serverRoot}`;
  console.log(`Starting the production server (scripts/server.mjs${which}) on http://127.0.0.1:${port} …`);
  const server = spawn(process.execPath, [path.join(serverRoot, 'scripts', 'server.mjs')], {
    cwd: serverRoot,
    // The settings `npm start` uses, so the figures are those of the documented set-up.
    env: serverProcessEnv(baseEnv(dataDir, port)),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so that stopping it stops everything it started
  });
  state.server = server;
  const keep = (chunk) => {
    state.serverLog.push(...chunk.toString().split('\n').filter(Boolean));
    if (state.serverLog.length > 200) state.serverLog.splice(0, state.serverLog.length - 200);
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);

  const started = performance.now();
  const url = `http://127.0.0.1:${port}/api/v1/health/ready/`;
  while (performance.now() - started < HEALTH_TIMEOUT_MS) {
    if (server.exitCode !== null || server.signalCode !== null) break;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) {
        console.log(`  healthy after ${seconds(performance.now() - started)} s (pid ${server.pid})`);
        return server;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(state.serverLog.slice(-40).join('\n'));
  throw new Error(`the server did not report healthy at ${url}`);
}

/** Stops the server of `state.server` and everything it started (its process group). */
export async function stopServer(state) {
  const server = state.server;
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const signal = (name) => {
    try {
      process.kill(-server.pid, name); // the server's group and anything it spawned
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The server's event-loop delay (scripts/server.mjs: `monitorEventLoopDelay`, logged on SIGUSR2
 * since the previous SIGUSR2, then started over), read from the server's output after the signal;
 * null when no report came within `waitMs`. The first call after start-up only starts the count over.
 * It listens to the output itself: `state.serverLog` keeps only the last 200 lines, so its length
 * stops growing and cannot mark where the report begins.
 */
export function serverLoopDelay(state, waitMs = 5_000) {
  const output = state.server.stdout;
  return new Promise((resolve) => {
    let pending = '';
    const finish = (figures) => {
      clearTimeout(timer);
      output.off('data', read);
      resolve(figures);
    };
    // scripts/server.mjs logs JSON lines: `{"msg":"[server] event loop delay","eventLoopDelay":{…}}`.
    const read = (chunk) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const entry of lines) {
        try {
          const line = JSON.parse(entry);
          if (line.msg === '[server] event loop delay' && line.eventLoopDelay) return finish(line.eventLoopDelay);
        } catch {
          // Not a JSON line.
        }
      }
    };
    const timer = setTimeout(() => finish(null), waitMs);
    output.on('data', read);
    process.kill(state.server.pid, 'SIGUSR2');
  });
}

let ipCounter = randomInt(0, 60_000);
/** A client address of its own for every sign-in: the API limits sign-ins per address. */
export function nextIp() {
  ipCounter = (ipCounter + 1) % 65_536;
  return `10.77.${ipCounter >> 8}.${ipCounter & 255}`;
}

/** Signs in to the API as the demo admin (or another demo user) and returns the bearer token. */
export async function apiToken(base, email = EMAIL) {
  const response = await fetch(`${base}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`POST /api/v1/auth/login/ answered ${response.status}: ${await response.text()}`);
  const { id_token: token } = await response.json();
  return token;
}

function collectCookies(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}
const cookieHeader = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** Signs in through next-auth's endpoints and returns the cookie header of the session. */
export async function signInPages(base) {
  const ip = nextIp();
  const jar = new Map();
  const csrf = await fetch(`${base}/api/auth/csrf/`, { headers: { 'x-forwarded-for': ip } });
  if (csrf.status !== 200) throw new Error(`GET /api/auth/csrf/ answered ${csrf.status}`);
  collectCookies(jar, csrf);
  const { csrfToken } = await csrf.json();
  const callback = await fetch(`${base}/api/auth/callback/credentials/`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookieHeader(jar),
      'x-forwarded-for': ip,
    },
    body: new URLSearchParams({ csrfToken, email: EMAIL, password: PASSWORD, json: 'true' }).toString(),
  });
  collectCookies(jar, callback);
  const answer = await callback.json().catch(() => ({}));
  const error = answer.url ? new URL(answer.url, base).searchParams.get('error') : null;
  if (error || ![...jar.keys()].some((name) => /session-token/.test(name))) {
    throw new Error(`next-auth sign-in of ${EMAIL} failed: ${callback.status} ${JSON.stringify(answer)}`);
  }
  // Only the session cookie is needed from here on.
  for (const name of [...jar.keys()]) if (!/session-token/.test(name)) jar.delete(name);
  return cookieHeader(jar);
}

/**
 * Runs a bench's `main` (answering its exit code) and always cleans up after it: the health
 * sampler, the server (`stopServer`) and the temporary data folder (`state.tempDir`, kept with
 * BENCH_KEEP=1); a failure prints the server's last 30 lines. Exits the process.
 */
export async function runBench(state, main) {
  let exitCode = 1;
  try {
    exitCode = await main();
  } catch (error) {
    console.error(error);
    if (state.serverLog.length) console.error(state.serverLog.slice(-30).join('\n'));
  } finally {
    state.sampler?.kill();
    await stopServer(state);
    if (state.tempDir && process.env.BENCH_KEEP !== '1') rmSync(state.tempDir, { recursive: true, force: true });
    else if (state.tempDir) console.log(`Kept ${state.tempDir}`);
  }
  process.exit(exitCode);
}
