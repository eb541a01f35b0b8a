/**
 * Samples `GET /api/v1/health/` while something else loads the server, and says how long the
 * slowest answer took (issue 24: no request may hold the event loop, so liveness answers within
 * 250 ms whatever else runs). It runs as a process of its own so that the load generator's own
 * work (building a 16 MiB body, parsing answers) never delays a sample and is never blamed on the
 * server. One request at a time on a kept-alive connection, `SAMPLE_INTERVAL_MS` (default 50) apart.
 *
 *   node scripts/health-sampler.mjs http://127.0.0.1:3100
 *
 * Stops on SIGTERM, SIGINT or when stdin closes and then prints one JSON line to stdout:
 * `{"samples":n,"failed":n,"maxMs":…,"p50Ms":…,"p99Ms":…,"slow":[{"at":"…","ms":…}]}` (`slow`: the
 * samples over `SLOW_MS`, default 250, at most 20). Used by e2e/api/fuzz.spec.ts and scripts/bench.mjs.
 */
import http from 'node:http';

const base = process.argv[2];
if (!base) {
  console.error('usage: node scripts/health-sampler.mjs <base URL>');
  process.exit(2);
}
const interval = Number(process.env.SAMPLE_INTERVAL_MS ?? 50);
const slowMs = Number(process.env.SLOW_MS ?? 250);
const url = new URL('/api/v1/health/', base);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const times = [];
const slow = [];
let failed = 0;
let stopped = false;

function sampleOnce() {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(url, { agent, timeout: 30_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - started : null));
      response.on('error', () => resolve(null));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(null));
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

let finished;
const done = new Promise((resolve) => (finished = resolve));
async function loop() {
  while (!stopped) {
    const at = new Date().toISOString();
    const ms = await sampleOnce();
    if (ms === null) failed += 1;
    else {
      times.push(ms);
      if (ms > slowMs && slow.length < 20) slow.push({ at, ms: Math.round(ms) });
    }
    if (!stopped) await new Promise((resolve) => setTimeout(resolve, interval));
  }
  finished();
}

async function stop() {
  if (stopped) return;
  stopped = true;
  await done;
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  const summary = {
    samples: times.length,
    failed,
    maxMs: round(sorted.at(-1) ?? 0),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    slowMs,
    slow,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`, () => process.exit(0));
}

process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
loop();
