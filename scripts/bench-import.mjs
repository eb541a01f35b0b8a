#!/usr/bin/env node
/**
 * `npm run bench:import` (issue 49): the account import with 50,000 rows, as CSV and as XLSX, each
 * as a dry run and then for real, on 127.0.0.1.
 *
 *  1. builds the app if there is no build;
 *  2. starts the production server (`scripts/server.mjs`, demo data) on a fresh temporary DATA_DIR
 *     (or BENCH_DATA_DIR) and a free port (BENCH_PORT, 3300 upwards), signs in as the demo admin;
 *  3. writes the files here: BENCH_ROWS rows (default 50,000) of trees of ten — a top account with
 *     the demo distributor by e-mail and a benefit column, nine children naming it by name in the
 *     same file — one CSV and one XLSX, with names of their own (the XLSX's are not the CSV's);
 *  4. warms the route (a fresh server compiles a route's modules at its first request), then for
 *     each file: the dry run, then the real run, one request each;
 *  5. samples `GET /api/v1/health/` every 50 ms from a process of its own during each request and
 *     reads the server's own event-loop delay (monitorEventLoopDelay, SIGUSR2, scripts/server.mjs)
 *     over the same request.
 *
 * Prints per step: the answer, the rows, the duration, the server's event-loop delay p50/p99/max
 * and the health samples' p50/p99/max, and writes them to bench-import-results.json. Exit code 1
 * when a step did not answer 200 with every row valid (or imported), or a health sample took
 * longer than 250 ms (issue 49: no request holds the event loop over 250 ms).
 *
 * Environment (all optional): BENCH_ROWS=50000, BENCH_DATA_DIR, BENCH_KEEP=1, BENCH_PORT=3300.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { findFreePort } from './bench/proc.mjs';
import { startHealthSampler } from './bench/health.mjs';
import { apiToken, buildIfNeeded, root, runBench, seconds, serverLoopDelay, startServer } from './bench/server.mjs';

const rowsWanted = Number(process.env.BENCH_ROWS ?? 50_000);
const firstPort = Number(process.env.BENCH_PORT ?? 3300);
if (!Number.isInteger(rowsWanted) || rowsWanted < 1 || !Number.isInteger(firstPort)) {
  console.error('bench:import: BENCH_ROWS and BENCH_PORT must be positive whole numbers');
  process.exit(2);
}
const HEALTH_LIMIT_MS = 250;
const DISTRIBUTOR = 'vertrieb@example.com'; // lib/server/db/seed/demo.ts
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = [
  'Name',
  'Rechtsform',
  'Übergeordnetes Konto',
  'Vertriebspartner',
  'PLZ',
  'Ort',
  'Mitarbeitende',
  'sachbezug',
];

const state = { server: null, serverLog: [], tempDir: null, sampler: null };

/** Trees of ten: row 0 of each ten is the top account, the nine after it name it as their parent. */
function accountRows(count, tag) {
  return Array.from({ length: count }, (_, index) => {
    const top = index - (index % 10);
    return index % 10 === 0
      ? [`Zentrale ${index} ${tag}`, 'GmbH', '', DISTRIBUTOR, '24937', 'Flensburg', 120, 50]
      : [`Filiale ${index} ${tag}`, 'GmbH', `Zentrale ${top} ${tag}`, '', '24103', 'Kiel', 12, null];
  });
}

const csvCell = (value) => {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value).replace('.', ',') : value;
  return /[;"\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csvOf = (rows) => `${[HEADER, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;

async function xlsxOf(rows) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Konten');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One POST read to the end, without a client timeout (fetch gives up after 300 s without headers). */
function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': body.length } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function upload(base, body, contentType, dryRun) {
  // A token per request: a real run of 50,000 rows may outlast one.
  const token = await apiToken(base);
  const { status, text } = await post(
    `${base}/api/v1/accounts/import/${dryRun ? '?dryRun=1' : ''}`,
    { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  );
  let report = null;
  try {
    report = JSON.parse(text);
  } catch {
    // Reported below as the answer's start.
  }
  return { status, report, text: text.slice(0, 300) };
}

/** One measured request: the health sampler and the server's loop delay over exactly its time. */
async function measure(base, step) {
  await serverLoopDelay(state, 10_000); // starts the server's histogram over
  const sampler = startHealthSampler(base, { slowMs: HEALTH_LIMIT_MS, intervalMs: 50 });
  state.sampler = sampler.child;
  // The sampler's first answer before the request starts.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = performance.now();
  const answer = await upload(base, step.body, step.contentType, step.dryRun);
  const ms = performance.now() - started;
  const loop = await serverLoopDelay(state, 10_000);
  const health = await sampler.stop();
  state.sampler = null;
  const expected = step.dryRun ? { valid: step.rows, errors: 0 } : { imported: step.rows, errors: 0 };
  const ok =
    answer.status === 200 &&
    answer.report !== null &&
    Object.entries(expected).every(([key, value]) => answer.report[key] === value);
  return {
    name: step.name,
    status: answer.status,
    ok,
    rows: answer.report?.rows ?? null,
    valid: answer.report?.valid ?? null,
    imported: answer.report?.imported ?? null,
    errors: answer.report?.errors ?? null,
    ms: Math.round(ms),
    loop,
    health,
    ...(ok ? {} : { answer: answer.text }),
  };
}

const fmt = (value) => (value === undefined || value === null ? '?' : String(value));

async function main() {
  buildIfNeeded();
  const dataDir = process.env.BENCH_DATA_DIR
    ? path.resolve(process.env.BENCH_DATA_DIR)
    : (state.tempDir = mkdtempSync(path.join(os.tmpdir(), 'ebmt-bench-import-')));
  mkdirSync(dataDir, { recursive: true });
  const port = await findFreePort(firstPort);
  state.server = await startServer(state, dataDir, port);
  const base = `http://127.0.0.1:${port}`;

  const run = randomUUID().slice(0, 6);
  let started = performance.now();
  const csv = Buffer.from(csvOf(accountRows(rowsWanted, `c${run}`)), 'utf8');
  const csvMs = performance.now() - started;
  started = performance.now();
  const xlsx = await xlsxOf(accountRows(rowsWanted, `x${run}`));
  const xlsxMs = performance.now() - started;
  const size = (bytes) => `${(bytes.length / 1024 / 1024).toFixed(1)} MiB`;
  console.log(
    `${rowsWanted.toLocaleString('en')} account rows: CSV ${size(csv)} (written in ${seconds(csvMs)} s), ` +
      `XLSX ${size(xlsx)} (written in ${seconds(xlsxMs)} s).`,
  );

  // Warm the route: its first request in a process compiles its modules (exceljs among them).
  const warm = await upload(base, Buffer.from(csvOf(accountRows(1, `w${run}`))), 'text/csv', true);
  if (warm.status !== 200) throw new Error(`the warm-up answered ${warm.status}: ${warm.text}`);

  const steps = [
    { name: 'CSV dry run', body: csv, contentType: 'text/csv', dryRun: true, rows: rowsWanted },
    { name: 'CSV real run', body: csv, contentType: 'text/csv', dryRun: false, rows: rowsWanted },
    { name: 'XLSX dry run', body: xlsx, contentType: XLSX_TYPE, dryRun: true, rows: rowsWanted },
    { name: 'XLSX real run', body: xlsx, contentType: XLSX_TYPE, dryRun: false, rows: rowsWanted },
  ];
  const results = [];
  for (const step of steps) {
    console.log(`${step.name} … (load average ${os.loadavg()[0].toFixed(2)})`);
    const result = await measure(base, step);
    results.push(result);
    console.log(
      `${step.name.padEnd(14)} ${result.status} ${result.ok ? 'ok ' : 'BAD'} ${String(result.ms).padStart(8)} ms  ` +
        `loop p50 ${fmt(result.loop?.p50)} p99 ${fmt(result.loop?.p99)} max ${fmt(result.loop?.max)} ms  ` +
        `health n=${fmt(result.health.samples)} p50 ${fmt(result.health.p50Ms)} p99 ${fmt(result.health.p99Ms)} ` +
        `max ${fmt(result.health.maxMs)} ms, over ${HEALTH_LIMIT_MS} ms: ${fmt(result.health.slow?.length)}` +
        (result.ok ? '' : `\n    answer: ${result.answer}`),
    );
  }
  const [load1, load5, load15] = os.loadavg().map((value) => value.toFixed(2));
  console.log(`Machine: ${os.cpus().length} cores, load average ${load1} / ${load5} / ${load15} at the end.`);
  writeFileSync(
    path.join(root, 'bench-import-results.json'),
    `${JSON.stringify({ at: new Date().toISOString(), rows: rowsWanted, cores: os.cpus().length, loadavg: os.loadavg(), csvBytes: csv.length, xlsxBytes: xlsx.length, results }, null, 2)}\n`,
  );
  const failed = results.some((result) => !result.ok || (result.health.maxMs ?? 0) > HEALTH_LIMIT_MS);
  return failed ? 1 : 0;
}

await runBench(state, main);
