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
 * `[server] event loop delay` with `eventLoopDelay: {"p50":…,"p99":…,"max":…,"samples":…,"since":…}` (ms beyond the 10 ms
 * sampling interval, since the start or the previous SIGUSR2) and starts over; SIGTERM/SIGINT log
 * it once more on the way out. Only in the log: the figures are of no use to an anonymous caller.
 *
 * Observability (issue 47): every answer carries `X-Request-Id` (a proxy's kept only when
 * TRUSTED_PROXY_HOPS > 0 and it is 1–128 characters of [A-Za-z0-9._:-]), passed to the app as
 * that request header and in the request context (lib/server/observability, installed by
 * instrumentation.ts before this server listens); each request logs one JSON line with its route
 * template; `GET /metrics` answers Prometheus' text format to `Authorization: Bearer $METRICS_TOKEN`.
 *
 * Backup (issue 47, docs/operations.md "Backup and restore"): with BACKUP_TOKEN set, `POST /ops/backup`
 * from the loopback interface with `Authorization: Bearer $BACKUP_TOKEN` answers a consistent copy of
 * the embedded database (PGlite allows one process, so `npm run backup` asks the process that holds it).
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The app reads its migrations and word lists relative to the working directory: the app's folder,
// wherever it is started from (the repository, or the standalone build: scripts/assemble-standalone.mjs).
process.chdir(root);
process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

function integerSetting(name, fallback, { min, max }) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(
      `[server] invalid configuration, not starting:\n  ${name}: expected an integer from ${min} to ${max}`,
    );
    process.exit(1);
  }
  return value;
}

const port = integerSetting('PORT', 3000, { min: 1, max: 65535 });
const graceMs = integerSetting('SHUTDOWN_GRACE_MS', 10_000, { min: 0, max: 600_000 });
const loopWarnMs = integerSetting('EVENT_LOOP_WARN_MS', 250, { min: 0, max: 600_000 });
const trustedProxyHops = integerSetting('TRUSTED_PROXY_HOPS', 0, { min: 0, max: 10 });

/** The logger lib/server/observability installed (JSON lines), or the same shape before it did. */
function logLine(level, fields, message) {
  const logger = globalThis.__benefitsObservability?.logger;
  if (logger) logger[level](fields, message);
  else process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), ...fields, msg: message })}\n`);
}

const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** A trusted proxy's request id when well-formed, else a new one (never a client's own). */
function requestIdOf(req) {
  const given = req.headers[REQUEST_ID_HEADER];
  return trustedProxyHops > 0 && typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The route template of a path (`/api/v1/accounts/{id}/`), from the routes `next build` wrote: a
 * bounded set, so a path's ids never become log or metric labels. Anything else is `unmatched`.
 */
function routeTemplates() {
  let manifest = { staticRoutes: [], dynamicRoutes: [] };
  try {
    manifest = JSON.parse(readFileSync(path.join(root, '.next', 'routes-manifest.json'), 'utf8'));
  } catch {
    // No build: every path is `unmatched` (next() fails just below anyway).
  }
  const toTemplate = (page) =>
    page === '/' ? '/' : `${page.replace(/\[\[?\.\.\.(\w+)\]?\]/g, '{$1*}').replace(/\[(\w+)\]/g, '{$1}')}/`;
  const routes = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map((entry) => ({
    regex: new RegExp(entry.regex),
    template: toTemplate(entry.page),
  }));
  let publicFiles = new Set();
  try {
    publicFiles = new Set(readdirSync(path.join(root, 'public')).map((name) => `/${name}`));
  } catch {
    // No public folder.
  }
  return (pathname) => {
    if (pathname === '/metrics' || pathname === '/metrics/') return '/metrics';
    if (pathname.startsWith('/_next/')) return '/_next/{asset}';
    if (publicFiles.has(pathname)) return pathname;
    return routes.find((route) => route.regex.test(pathname))?.template ?? 'unmatched';
  };
}
const routeTemplateOf = routeTemplates();

/** `GET /metrics`: 404 unless METRICS_TOKEN is set (Next answers), 401 without its Bearer token. */
const metricsTokenDigest = process.env.METRICS_TOKEN
  ? createHash('sha256').update(process.env.METRICS_TOKEN).digest()
  : null;
async function answerMetrics(req, res) {
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const givenDigest = createHash('sha256').update(given).digest();
  if (!timingSafeEqual(givenDigest, metricsTokenDigest)) {
    res.writeHead(401, {
      'content-type': 'application/json; charset=utf-8',
      'www-authenticate': 'Bearer',
      'cache-control': 'no-store',
    });
    res.end(JSON.stringify({ statusCode: 401, code: 'unauthorized', message: 'Anmeldung erforderlich.' }));
    return;
  }
  const { registry } = globalThis.__benefitsObservability;
  const body = await registry.metrics();
  res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  res.end(body);
}

/** Whether the Bearer token of `req` is the one whose SHA-256 is `digest` (constant time). */
function bearerMatches(req, digest) {
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(createHash('sha256').update(given).digest(), digest);
}

/**
 * `POST /ops/backup`: 404 unless BACKUP_TOKEN is set (Next answers) and the request comes from the
 * loopback interface (the backup holds every record and password hash; it is never served to the
 * network, whatever the token), 401 without the token, 409 while another backup runs or on
 * PostgreSQL (pg_dump backs that up). Answers the gzipped tar of the embedded database's folder.
 */
const backupTokenDigest = process.env.BACKUP_TOKEN
  ? createHash('sha256').update(process.env.BACKUP_TOKEN).digest()
  : null;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const isBackupRequest = (req) =>
  Boolean(backupTokenDigest) &&
  req.method === 'POST' &&
  /^\/ops\/backup\/?(\?|$)/.test(req.url ?? '') &&
  LOOPBACK.has(req.socket.remoteAddress ?? '');
let backupRunning = false;
function answerJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify({ statusCode: status, ...body }));
}
async function answerBackup(req, res) {
  if (!bearerMatches(req, backupTokenDigest)) {
    answerJson(
      res,
      401,
      { code: 'unauthorized', message: 'Anmeldung erforderlich.' },
      { 'www-authenticate': 'Bearer' },
    );
    return;
  }
  const dump = globalThis.__benefitsDumpDb;
  if (backupRunning || !dump) {
    answerJson(res, 409, {
      code: 'conflict',
      message: 'Eine Sicherung läuft bereits, oder die Datenbank ist nicht bereit.',
    });
    return;
  }
  backupRunning = true;
  try {
    const started = performance.now();
    const blob = await dump();
    if (!blob) {
      answerJson(res, 409, { code: 'conflict', message: 'PostgreSQL: sichern Sie mit npm run backup (pg_dump).' });
      return;
    }
    const bytes = Buffer.from(await blob.arrayBuffer());
    logLine(
      'info',
      { bytes: bytes.length, durationMs: Math.round(performance.now() - started) },
      '[server] backup of the embedded database',
    );
    res.writeHead(200, {
      'content-type': 'application/gzip',
      'content-length': String(bytes.length),
      'content-disposition': 'attachment; filename="benefits-pglite.tar.gz"',
      'cache-control': 'no-store',
    });
    res.end(bytes);
  } finally {
    backupRunning = false;
  }
}

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
  logLine('info', { eventLoopDelay: figures }, '[server] event loop delay');
  loopDelay.reset();
  loopSince = new Date().toISOString();
}
setInterval(() => {
  const held = delayMs(loopWindow.max);
  if (loopWarnMs > 0 && held > loopWarnMs) {
    logLine(
      'warn',
      { heldMs: held },
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
 * then neither transpiles next.config.ts (which loads Next's native SWC binding, resident for nothing
 * else) nor loads next-intl's build plugin, and runs with exactly what was built.
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

/** The route template of a request's target (`unmatched` when it names none). */
function routeOfRequest(req) {
  let pathname = '/';
  try {
    pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  } catch {
    // An unparsable target: `unmatched`.
  }
  return routeTemplateOf(pathname);
}

/** One JSON line per answer and its duration in the histogram: route template, never the path or query. */
function observeRequest(req, res, context, started) {
  const observability = globalThis.__benefitsObservability;
  if (!observability) return;
  const route = context.route;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const status = res.statusCode;
  observability.metrics.httpDuration.observe(
    {
      method: HTTP_METHODS.has(req.method) ? req.method : 'OTHER',
      route,
      status_class: `${Math.floor(status / 100)}xx`,
    },
    seconds,
  );
  observability.context.run(context, () =>
    observability.logger.info(
      {
        method: HTTP_METHODS.has(req.method) ? req.method : 'OTHER',
        route,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(context.userId ? { userId: context.userId } : {}),
      },
      'request',
    ),
  );
}
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Next 16 drops `Content-Length` from every route handler's answer (next/dist/server/send-response.js),
 * so a document download went out chunked and a browser showed no progress. The app names the length
 * of an answer whose size it knows in this header instead (lib/server/http/download.ts); here it
 * becomes `Content-Length` and never reaches the client itself (issue 49).
 */
const DECLARED_LENGTH_HEADER = 'x-benefits-content-length';
function sendDeclaredLength(res) {
  const setHeader = res.setHeader.bind(res);
  const appendHeader = res.appendHeader?.bind(res);
  const declare = (value) => {
    const length = String(Array.isArray(value) ? value[0] : value);
    if (/^\d{1,15}$/.test(length)) setHeader('content-length', length);
  };
  res.setHeader = (name, value) => {
    if (typeof name === 'string' && name.toLowerCase() === DECLARED_LENGTH_HEADER) {
      declare(value);
      return res;
    }
    return setHeader(name, value);
  };
  if (appendHeader) {
    res.appendHeader = (name, value) => {
      if (typeof name === 'string' && name.toLowerCase() === DECLARED_LENGTH_HEADER) {
        declare(value);
        return res;
      }
      return appendHeader(name, value);
    };
  }
}

const server = http.createServer((req, res) => {
  const socket = req.socket;
  sendDeclaredLength(res);
  const started = process.hrtime.bigint();
  // The route template travels in the request context: the log line and the access log (issue 51) name it.
  const context = { requestId: requestIdOf(req), route: routeOfRequest(req), flushesAfterResponse: true };
  // The app reads it as a request header (as the peer address); every answer carries it.
  req.headers[REQUEST_ID_HEADER] = context.requestId;
  res.setHeader('X-Request-Id', context.requestId);
  let observed = false;
  const observe = () => {
    if (observed) return;
    observed = true;
    observeRequest(req, res, context, started);
    // Who looked at whose personal data in this request: written now that the answer is out.
    globalThis.__benefitsAfterResponse?.(context);
  };
  // `close` without `finish`: the client went away first (logged with the status set so far).
  res.once('finish', observe);
  res.once('close', observe);
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
  const isMetrics = metricsTokenDigest && req.method === 'GET' && /^\/metrics\/?(\?|$)/.test(req.url ?? '');
  const observability = globalThis.__benefitsObservability;
  const run = () =>
    isMetrics ? answerMetrics(req, res) : isBackupRequest(req) ? answerBackup(req, res) : handle(req, res);
  (observability ? observability.context.run(context, run) : run()).catch((error) => {
    logLine('error', { err: error, requestId: context.requestId }, '[server] request failed');
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.on('connection', (socket) => {
  openRequests.set(socket, 0);
  socket.on('close', () => openRequests.delete(socket));
});

/** How long a refused request's connection keeps reading (and dropping) what its client still sends. */
const LINGER_MS = 2_000;
const refusedSockets = new WeakSet();
const PARSE_ERROR_STATUS = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};
/**
 * A request the parser refuses (headers over Node's 16 KB, a malformed line, a timeout) is answered,
 * then closed the way nginx's lingering close does it. Node's own handler destroys the socket at once:
 * with the client's unread bytes still in the kernel's buffer that sends a reset, and a client still
 * writing a 1 MB header lost the 431 (EPIPE or ECONNRESET) in 4 and 20 of 300 tries here. Here the
 * connection ends its side after the answer and reads on until the client closes — at most LINGER_MS
 * — so the answer arrives. Should the parser report the same connection again, only the first report
 * answers.
 */
server.on('clientError', (error, socket) => {
  if (refusedSockets.has(socket)) return;
  refusedSockets.add(socket);
  const answered = socket._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || answered) {
    socket.destroy();
    return;
  }
  const status = PARSE_ERROR_STATUS[error.code] ?? '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\nX-Request-Id: ${randomUUID()}\r\n\r\n`);
  socket.on('error', () => {});
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
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
      // The access log's rows of the answers just sent (issue 51) are written before the database closes.
      await globalThis.__benefitsAccessLogSettled?.();
      await globalThis.__benefitsCloseDb?.();
    } catch (error) {
      logLine('error', { err: error }, '[server] closing the database failed');
    }
    // The spans not yet exported, when tracing is on (lib/server/observability/tracing.ts; at most 2 s).
    await globalThis.__benefitsStopTracing?.().catch(() => {});
    logLine('info', {}, `[server] stopped (${reason}${cut ? `; ${cut} request(s) cut off` : ''})`);
    process.exit(0);
  })();
  return finishing;
}

function shutDown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  logLoopDelay();
  logLine('info', {}, `[server] ${signal}: draining ${inFlight} request(s) in flight, at most ${graceMs} ms`);
  // The job workers stop fetching now and wait for their running jobs, at most as long.
  jobsStopped = Promise.resolve(globalThis.__benefitsStopJobs?.(graceMs)).catch((error) =>
    logLine('error', { err: error }, '[server] stopping the job workers failed'),
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
  logLine('info', {}, `[server] listening on http://localhost:${port}`);
});
