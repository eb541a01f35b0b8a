#!/usr/bin/env node
/**
 * `npm run bench:observability` (issue 47 item 8): what logs, metrics and traces cost a page and an
 * API call. Three production servers on the demo data, each with its own temporary folder:
 *
 * - `before`: the build in BENCH_BEFORE_ROOT (a checkout from before issue 47, built there);
 * - `after`: this checkout's build, tracing off, `LOG_LEVEL=info`;
 * - `traced`: this checkout's build with `OTEL_EXPORTER_OTLP_ENDPOINT` at a receiver in this process
 *   that answers 200 and counts what arrives.
 *
 * In BENCH_ROUNDS rounds (default 5) every server answers BENCH_REQUESTS (default 100) sequential
 * `/accounts/` page loads (a session cookie) and as many `GET /api/v1/accounts/` (a bearer token),
 * the servers taking turns in a rotating order, so a moment of load elsewhere hits all of them
 * alike. Prints each round's p50 and the median of the rounds' p50s, and the ratios to `before`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './bench/proc.mjs';
import { apiToken, buildIfNeeded, root, signInPages, startServer, stopServer } from './bench/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const before = process.env.BENCH_BEFORE_ROOT ? path.resolve(process.env.BENCH_BEFORE_ROOT) : null;
if (!before) {
  console.error('BENCH_BEFORE_ROOT=<a checkout from before issue 47, built> is required (docs/performance.md)');
  process.exit(2);
}

/** An OTLP/HTTP receiver that takes everything: the cost of exporting, not of a collector. */
const received = { requests: 0, bytes: 0 };
const receiver = http.createServer((req, res) => {
  req.on('data', (chunk) => (received.bytes += chunk.length));
  req.on('end', () => {
    received.requests += 1;
    res.writeHead(200, { 'content-type': 'application/x-protobuf' });
    res.end();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The p50 of `REQUESTS` sequential GETs; throws on any answer that is not 200. */
async function p50(url, headers) {
  const times = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers, redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

const servers = [
  { name: 'before', root: before, env: {} },
  { name: 'after', root, env: {} },
  { name: 'traced', root, env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl, OTEL_SERVICE_NAME: 'bench' } },
].map((server) => ({ ...server, state: { serverLog: [] }, page: [], api: [] }));

let exitCode = 1;
try {
  buildIfNeeded();
  let port = 3700;
  for (const server of servers) {
    server.dataDir = mkdtempSync(path.join(os.tmpdir(), `ebmt-bench-obs-${server.name}-`));
    port = await findFreePort(port + 1);
    // Only this server's environment carries them: startServer reads process.env as it spawns.
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_SERVICE_NAME;
    Object.assign(process.env, { LOG_LEVEL: 'info', ...server.env });
    await startServer(server.state, server.dataDir, port, server.root);
    server.base = `http://127.0.0.1:${port}`;
    server.cookie = await signInPages(server.base);
    server.authorization = `Bearer ${await apiToken(server.base)}`;
    // Warm-up: the first renders compile nothing, but fill caches and the database's buffers.
    await p50(`${server.base}/accounts/`, { cookie: server.cookie });
    await p50(`${server.base}/api/v1/accounts/`, { authorization: server.authorization });
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = servers.map((_, index) => servers[(index + round) % servers.length]);
    for (const server of order) {
      server.page.push(await p50(`${server.base}/accounts/`, { cookie: server.cookie }));
      server.api.push(await p50(`${server.base}/api/v1/accounts/`, { authorization: server.authorization }));
    }
    console.log(
      `round ${round + 1}: ` +
        servers
          .map((s) => `${s.name} page ${s.page.at(-1).toFixed(1)} / api ${s.api.at(-1).toFixed(1)} ms`)
          .join(' · '),
    );
  }
  const [base] = servers;
  console.log(`\nmedian of ${ROUNDS} rounds' p50 (${REQUESTS} sequential requests each):`);
  for (const server of servers) {
    const page = median(server.page);
    const api = median(server.api);
    // The median of the rounds' own ratios as well: a round's moment of load hits both servers in it.
    const roundRatio = (mine, theirs) => median(mine.map((value, round) => value / theirs[round])).toFixed(3);
    console.log(
      `  ${server.name.padEnd(6)} /accounts/ ${page.toFixed(1)} ms (${(page / median(base.page)).toFixed(3)}×,` +
        ` rounds' median ${roundRatio(server.page, base.page)}×)` +
        ` · GET /api/v1/accounts/ ${api.toFixed(1)} ms (${(api / median(base.api)).toFixed(3)}×,` +
        ` rounds' median ${roundRatio(server.api, base.api)}×)`,
    );
  }
  console.log(`  the receiver got ${received.requests} export(s), ${Math.round(received.bytes / 1024)} KiB`);
  exitCode = 0;
} catch (error) {
  console.error(error);
  for (const server of servers)
    if (server.state.serverLog.length) console.error(server.state.serverLog.slice(-20).join('\n'));
} finally {
  for (const server of servers) {
    await stopServer(server.state);
    if (server.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
  }
  receiver.close();
}
process.exit(exitCode);
