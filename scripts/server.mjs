#!/usr/bin/env node
/**
 * The production server: the built Next.js app in a plain Node HTTP server that shuts down
 * gracefully. On SIGTERM or SIGINT it stops taking new requests (they get 503 with
 * `Connection: close`), closes idle keep-alive connections, lets the requests in flight finish
 * for up to SHUTDOWN_GRACE_MS (default 10 s), closes every connection and the database, and
 * exits 0. `next start` instead keeps serving keep-alive clients and exits without draining.
 *
 * Requests this server makes to its own API while rendering a page that was in flight carry
 * the per-process drain pass (lib/env.ts `selfCallHeaders`), so they are still served.
 *
 * Next gives route handlers no socket address, so this server records each request's peer in
 * `x-benefits-peer-address` after dropping any copy the client sent (lib/client-address.ts).
 *
 * Event-loop delay (issue 24: no request may hold the event loop): `perf_hooks.monitorEventLoopDelay`
 * runs all the time. A 10-second window in which the loop was held longer than
 * EVENT_LOOP_WARN_MS (default 250) logs `[server] event loop held …`; SIGUSR2 logs
 * `[server] event loop delay {"p50":…,"p99":…,"max":…,"samples":…,"since":…}` (ms beyond the 10 ms
 * sampling interval, since the start or the previous SIGUSR2) and starts over; SIGTERM/SIGINT log
 * it once more on the way out. Only in the log: the figures are of no use to an anonymous caller.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

function integerSetting(name, fallback, { min, max }) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`[server] invalid configuration, not starting:\n  ${name}: expected an integer from ${min} to ${max}`);
    process.exit(1);
  }
  return value;
}

const port = integerSetting('PORT', 3000, { min: 1, max: 65535 });
const graceMs = integerSetting('SHUTDOWN_GRACE_MS', 10_000, { min: 0, max: 600_000 });
const loopWarnMs = integerSetting('EVENT_LOOP_WARN_MS', 250, { min: 0, max: 600_000 });

const LOOP_RESOLUTION_MS = 10;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
const loopWindow = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();
loopWindow.enable();
let loopSince = new Date().toISOString();
/** A histogram value (ns, the sampling interval included) as ms of delay beyond the interval. */
const delayMs = (ns) => Math.max(0, Math.round((ns / 1e6 - LOOP_RESOLUTION_MS) * 10) / 10);
function logLoopDelay() {
  const figures = {
    p50: delayMs(loopDelay.percentile(50)),
    p99: delayMs(loopDelay.percentile(99)),
    max: delayMs(loopDelay.max),
    samples: loopDelay.count,
    since: loopSince,
  };
  console.log(`[server] event loop delay ${JSON.stringify(figures)}`);
  loopDelay.reset();
  loopSince = new Date().toISOString();
}
setInterval(() => {
  const held = delayMs(loopWindow.max);
  if (loopWarnMs > 0 && held > loopWarnMs) {
    console.warn(
      `[server] event loop held for up to ${held} ms in the last 10 s (p99 ${delayMs(loopWindow.percentile(99))} ms)`,
    );
  }
  loopWindow.reset();
}, 10_000).unref();
process.on('SIGUSR2', logLoopDelay);
const DRAIN_PASS_HEADER = 'x-benefits-drain-pass';
const PEER_ADDRESS_HEADER = 'x-benefits-peer-address';
process.env.BENEFITS_PEER_ADDRESS_RECORDED = '1';
const drainPass = randomBytes(24).toString('base64url');
process.env.BENEFITS_DRAIN_PASS = drainPass;

/**
 * The configuration `next build` serialised (as Next's own standalone server uses it): the server
 * then neither transpiles next.config.ts (which loads Next's native SWC binding, ~27 MiB resident
 * for nothing else) nor loads next-intl's build plugin, and runs with exactly what was built.
 */
function builtNextConfig() {
  try {
    return JSON.parse(readFileSync(path.join(root, '.next', 'required-server-files.json'), 'utf8')).config;
  } catch {
    return undefined;
  }
}
const builtConfig = builtNextConfig();
if (builtConfig) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(builtConfig);

const { default: next } = await import('next');
const app = next({ dev: false, dir: root, port, hostname: 'localhost', ...(builtConfig ? { conf: builtConfig } : {}) });
const handle = app.getRequestHandler();

/** Open requests per connection, so a connection can be closed as soon as it has none. */
const openRequests = new Map();
let inFlight = 0;
let shuttingDown = false;

function onIdle(socket) {
  if (shuttingDown && !openRequests.get(socket)) socket.end();
}

const server = http.createServer((req, res) => {
  const socket = req.socket;
  if (shuttingDown && req.headers[DRAIN_PASS_HEADER] !== drainPass) {
    // Not ours to start any more: the client (or the load balancer) retries elsewhere.
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '1',
      connection: 'close',
      'cache-control': 'no-store',
    });
    res.end(
      JSON.stringify({
        statusCode: 503,
        code: 'service_unavailable',
        message: 'Der Server wird beendet; bitte gleich noch einmal versuchen.',
        retryAfterSeconds: 1,
      }),
    );
    return;
  }
  delete req.headers[DRAIN_PASS_HEADER];
  // Only ever the socket's own peer: a client's copy of the header is dropped with it.
  delete req.headers[PEER_ADDRESS_HEADER];
  if (socket.remoteAddress) req.headers[PEER_ADDRESS_HEADER] = socket.remoteAddress;
  inFlight += 1;
  openRequests.set(socket, (openRequests.get(socket) ?? 0) + 1);
  let isDone = false;
  const done = () => {
    if (isDone) return;
    isDone = true;
    inFlight -= 1;
    openRequests.set(socket, openRequests.get(socket) - 1);
    if (shuttingDown) {
      setImmediate(() => onIdle(socket));
      if (inFlight === 0) finish('all requests answered');
    }
  };
  res.on('finish', done);
  res.on('close', done);
  // While draining, answers tell keep-alive clients that this connection ends with them.
  if (shuttingDown) res.setHeader('connection', 'close');
  handle(req, res).catch((error) => {
    console.error('[server] request failed', error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.on('connection', (socket) => {
  openRequests.set(socket, 0);
  socket.on('close', () => openRequests.delete(socket));
});
// Longer than a load balancer's idle timeout, so it never sends on a connection we just closed.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

let finishing = null;
let jobsStopped = Promise.resolve();
async function finish(reason) {
  if (finishing) return finishing;
  finishing = (async () => {
    const cut = inFlight;
    server.close();
    server.closeAllConnections();
    try {
      // Running jobs had the grace period, counted from the signal, to finish.
      await jobsStopped;
      await globalThis.__benefitsCloseDb?.();
    } catch (error) {
      console.error('[server] closing the database failed', error);
    }
    console.log(`[server] stopped (${reason}${cut ? `; ${cut} request(s) cut off` : ''})`);
    process.exit(0);
  })();
  return finishing;
}

function shutDown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  logLoopDelay();
  console.log(`[server] ${signal}: draining ${inFlight} request(s) in flight, at most ${graceMs} ms`);
  // The job workers stop fetching now and wait for their running jobs, at most as long.
  jobsStopped = Promise.resolve(globalThis.__benefitsStopJobs?.(graceMs)).catch((error) =>
    console.error('[server] stopping the job workers failed', error),
  );
  server.closeIdleConnections();
  for (const [socket, count] of openRequests) if (!count) socket.end();
  if (inFlight === 0) {
    finish('no requests in flight');
    return;
  }
  setTimeout(() => finish('grace period over'), graceMs);
}
process.on('SIGTERM', () => shutDown('SIGTERM'));
process.on('SIGINT', () => shutDown('SIGINT'));

await app.prepare();
server.listen(port, () => {
  console.log(`[server] listening on http://localhost:${port}`);
});
