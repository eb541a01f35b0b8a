#!/usr/bin/env node
/**
 * `npm run bench:documents` (issue 49): the documents list and downloads at scale, on 127.0.0.1.
 *
 *  1. builds the app if there is no build;
 *  2. fills a database with the scale seed (`db:seed --scale`, which holds 20,000 documents of
 *     1–4 KiB and one of 8 MiB at factor 1) in a temporary DATA_DIR, or reuses BENCH_DATA_DIR when
 *     this script seeded it before;
 *  3. starts the production server (`scripts/server.mjs`) on a free port (BENCH_PORT, 3300 upwards)
 *     and signs in as the demo admin (Bearer token);
 *  4. loads each target for BENCH_SECONDS with BENCH_CONNECTIONS keep-alive connections: the API's
 *     baseline (auth/me), the documents list (page 1, a deep page, a search, a sort), one small
 *     file's download and the 8 MiB file's download (checking that each answer carries a
 *     Content-Length equal to its bytes), then the whole list's CSV and XLSX export once each;
 *  5. samples `GET /api/v1/health/` every 100 ms from a process of its own for the whole run and
 *     reports the server's event-loop delay (SIGUSR2, scripts/server.mjs) over the same time.
 *
 * Exit code 1 when a target answered anything but 2xx, a download came without its length, or a
 * health sample took longer than 250 ms.
 *
 * Environment (all optional): BENCH_SCALE=1, BENCH_DATA_DIR, BENCH_KEEP=1, BENCH_PORT=3300,
 * BENCH_SECONDS=8, BENCH_WARMUP=2, BENCH_CONNECTIONS=4.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { runLoad } from './bench/load.mjs';
import { findFreePort } from './bench/proc.mjs';
import { startHealthSampler } from './bench/health.mjs';
import {
  apiToken,
  baseEnv,
  buildIfNeeded,
  root,
  runBench,
  seconds,
  serverLoopDelay,
  startServer,
} from './bench/server.mjs';

const num = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`bench:documents: ${name} must be a non-negative number`);
    process.exit(2);
  }
  return value;
};
const config = {
  scale: num('BENCH_SCALE', 1),
  seconds: num('BENCH_SECONDS', 8),
  warmupSeconds: num('BENCH_WARMUP', 2),
  connections: Math.max(1, Math.floor(num('BENCH_CONNECTIONS', 4))),
  firstPort: Math.floor(num('BENCH_PORT', 3300)),
};
const SEED_MARKER = '.bench-documents-seeded.json';
const EXIT_ALREADY_SCALED = 3;
const HEALTH_LIMIT_MS = 250;
// lib/server/db/seed/scale.ts: SCALE_LARGE_DOCUMENT_TITLE and SCALE_LARGE_DOCUMENT_BYTES.
const LARGE_TITLE = 'Benchmark Leistungsübersicht groß';
const LARGE_BYTES = 8 * 1024 * 1024;

const state = { server: null, serverLog: [], tempDir: null, sampler: null };

function dataDirectory() {
  if (process.env.BENCH_DATA_DIR) {
    const dir = path.resolve(process.env.BENCH_DATA_DIR);
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  state.tempDir = mkdtempSync(path.join(os.tmpdir(), 'ebmt-bench-documents-'));
  return state.tempDir;
}

async function seed(dataDir) {
  const marker = path.join(dataDir, SEED_MARKER);
  if (existsSync(marker)) {
    const info = JSON.parse(readFileSync(marker, 'utf8'));
    console.log(`Reusing the scale seed in ${dataDir} (scale ${info.scale}).`);
    return info.scale;
  }
  const flag = config.scale === 1 ? '--scale' : `--scale=${config.scale}`;
  console.log(`Scale seed into ${dataDir} (db:seed ${flag}) …`);
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const started = performance.now();
  const code = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, '--conditions=react-server', 'scripts/db-seed.ts', flag], {
      cwd: root,
      env: baseEnv(dataDir),
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
  });
  if (code !== 0 && code !== EXIT_ALREADY_SCALED) throw new Error(`the scale seed failed (exit code ${code})`);
  console.log(`Scale seed done in ${seconds(performance.now() - started)} s.`);
  writeFileSync(marker, `${JSON.stringify({ at: new Date().toISOString(), scale: config.scale })}\n`);
  return config.scale;
}

/** One GET read to the end: status, headers, bytes and milliseconds. */
function fetchWhole(url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, bytes, ms: performance.now() - started }),
        );
      })
      .on('error', reject);
  });
}

async function main() {
  buildIfNeeded();
  const dataDir = dataDirectory();
  const scale = await seed(dataDir);
  const port = await findFreePort(config.firstPort);
  state.server = await startServer(state, dataDir, port);
  const base = `http://127.0.0.1:${port}`;
  const token = await apiToken(base);
  const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' };

  const listJson = async (query) => {
    const response = await fetch(`${base}/api/v1/documents/${query}`, { headers: auth });
    if (response.status !== 200) throw new Error(`GET /documents/${query} answered ${response.status}`);
    return response.json();
  };
  const all = await listJson('?perPage=1');
  const large = (await listJson(`?q=${encodeURIComponent(LARGE_TITLE)}`)).items.find(
    (item) => item.title === LARGE_TITLE,
  );
  const small = (await listJson('?q=Rahmenvertrag&perPage=1')).items[0];
  if (!large || !small) throw new Error('the scale seed holds no documents: seed again with this version');
  const contentUrl = (item) => `${base}/api/v1/documents/${item.id}/versions/${item.currentVersion}/content/`;
  const deepPage = Math.max(1, Math.floor(all.total / 25 / 2));
  console.log(`${all.total.toLocaleString('en')} documents in reach of the admin (scale ${scale}).`);

  // Every download must carry its length, equal to the bytes that came.
  const lengthProblems = [];
  for (const item of [small, large]) {
    const answer = await fetchWhole(contentUrl(item), auth);
    const declared = Number(answer.headers['content-length']);
    if (answer.status !== 200 || declared !== answer.bytes || answer.headers['transfer-encoding']) {
      lengthProblems.push(
        `${item.title}: ${answer.status}, Content-Length ${answer.headers['content-length']}, ${answer.bytes} bytes`,
      );
    }
  }
  console.log(lengthProblems.length ? lengthProblems.join('\n') : 'Downloads carry their Content-Length.');

  const targets = [
    { name: 'api baseline auth/me', url: `${base}/api/v1/auth/me/` },
    { name: 'documents page 1', url: `${base}/api/v1/documents/` },
    { name: `documents ?page=${deepPage}`, url: `${base}/api/v1/documents/?page=${deepPage}` },
    { name: 'documents ?q=Rahmenvertrag', url: `${base}/api/v1/documents/?q=Rahmenvertrag` },
    { name: 'documents sort title asc', url: `${base}/api/v1/documents/?sort=title&order=asc` },
    { name: `download small (${small.sizeBytes ?? '?'} B)`, url: contentUrl(small) },
    { name: 'download 8 MiB', url: contentUrl(large), large: true },
  ];

  const sampler = startHealthSampler(base, { slowMs: HEALTH_LIMIT_MS, intervalMs: 100 });
  state.sampler = sampler.child;
  await serverLoopDelay(state);
  const results = [];
  for (const target of targets) {
    const result = await runLoad({
      url: target.url,
      headers: auth,
      connections: config.connections,
      seconds: config.seconds,
      warmupSeconds: config.warmupSeconds,
      maxRequests: 50_000,
    });
    results.push({ name: target.name, ...result });
    const throughput = target.large ? ` · ${((result.rps * LARGE_BYTES) / 1024 / 1024).toFixed(0)} MiB/s` : '';
    console.log(
      `${target.name.padEnd(32)} ${String(result.requests).padStart(6)} req  ${String(result.rps).padStart(7)} req/s  ` +
        `p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms  non-2xx ${result.nonOk}${throughput}`,
    );
  }
  const exports = [];
  for (const format of ['csv', 'xlsx']) {
    const answer = await fetchWhole(`${base}/api/v1/export/documents.${format}`, auth);
    exports.push({ format, status: answer.status, bytes: answer.bytes, ms: Math.round(answer.ms) });
    console.log(
      `export documents.${format.padEnd(4)} ${answer.status}  ${(answer.bytes / 1024).toFixed(0)} KiB in ${Math.round(answer.ms)} ms ` +
        `(${answer.headers['content-length'] ? 'with a length' : 'chunked: its size is not known when it starts'})`,
    );
  }
  const eventLoopDelay = await serverLoopDelay(state);
  const health = await sampler.stop();
  state.sampler = null;
  console.log(
    eventLoopDelay
      ? `Server event-loop delay: p50 ${eventLoopDelay.p50} ms, p99 ${eventLoopDelay.p99} ms, max ${eventLoopDelay.max} ms`
      : 'Server event-loop delay: not reported',
  );
  console.log(
    `Health samples: ${health.samples ?? '?'}, max ${health.maxMs ?? '?'} ms, over ${HEALTH_LIMIT_MS} ms: ${Array.isArray(health.slow) ? health.slow.length : (health.slow ?? '?')}`,
  );
  writeFileSync(
    path.join(root, 'bench-documents-results.json'),
    `${JSON.stringify({ at: new Date().toISOString(), scale, documents: all.total, results, exports, eventLoopDelay, health }, null, 2)}\n`,
  );
  const failed =
    lengthProblems.length > 0 ||
    results.some((result) => result.nonOk > 0) ||
    exports.some((answer) => answer.status !== 200) ||
    (health.maxMs ?? 0) > HEALTH_LIMIT_MS;
  return failed ? 1 : 0;
}

await runBench(state, main);
