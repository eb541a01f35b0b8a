#!/usr/bin/env node
/**
 * `npm run bench:lighthouse` (issues 30 and 50): Lighthouse's mobile preset (its default config: a
 * phone's screen, simulated Slow 4G) with the CPU slowdown calibrated to the host, on every page
 * route, signed in through a real browser session.
 *
 *  1. builds the app if there is no build (`next build`);
 *  2. starts the production server (`scripts/server.mjs`, as `npm start` does) on the demo data in a
 *     fresh temporary DATA_DIR;
 *  3. starts the system Chromium (scripts/find-chromium.mjs) with a profile of its own and a
 *     DevTools port, through Playwright; Lighthouse connects to the same browser through that port,
 *     so its pages share the profile's cookie jar;
 *  3a. calibrates (issue 50, Lighthouse's docs/throttling.md "CPU throttling"): runs Lighthouse's own
 *     `computeBenchmarkIndex` in that browser three times and takes the median; the CPU slowdown is
 *     the calculator's multiplier for it (scripts/bench/cpu-calibration.mjs: 150 → 1×, 800 → 2×,
 *     1,300 → 3×, 1,533 → 4×, linear in between, capped at 4×) instead of the preset's fixed 4×;
 *  4. runs the guest pages (/login/ …) before anyone signs in, then signs in as admin@example.com
 *     through the login form and runs the signed-in pages: the session cookie is the browser's own
 *     and rotates as it does for a user (no static Cookie header);
 *  5. (the floor) builds a blank Next.js app with the same `next`, `react` and `react-dom`
 *     (scripts/bench/floor.mjs, as `npm run bench:js` does) and runs Lighthouse on its one page
 *     the same way first: what this machine and Lighthouse make of the framework alone, the
 *     baseline each route's figures are read against (Lighthouse's throttling is relative to the
 *     host's CPU; its `benchmarkIndex`, reported per route, tells how fast that is);
 *  6. runs each route BENCH_LH_RUNS times (one after the other) and reports the median performance,
 *     accessibility and best-practices scores, FCP, LCP, TBT and CLS, the largest CLS of any run, the
 *     stylesheets fetched as files, the render-blocking requests Lighthouse lists (those it estimates
 *     at 50 ms or more) and their estimated cost, and the unused CSS (Lighthouse's figure: it counts
 *     only stylesheets with more than 10 KiB unused, and an inline <style> at 20 % of its size);
 *     writes bench-lighthouse-results.json.
 *
 * The blank app is the control: calibrated, it must score ≥ 98, or the run says the calibration is
 * wrong (and exits 1, as the figures of such a run do not mean what they say).
 *
 * Exit code 1 when the control scored below 98, a run failed, a signed-in route ended on the sign-in page (the session was lost),
 * or a route answered anything but 2xx.
 *
 * Environment (all optional):
 *   BENCH_BUILD=1            run `next build` even when a build exists
 *   BENCH_LH_RUNS=3          runs per route
 *   BENCH_LH_FLOOR=0         skip the blank app (the floor)
 *   BENCH_LH_ROUTES=a,b      only the routes containing one of these strings (`/accounts/`, `login` …);
 *                            `=/` only the route that is exactly `/` (detail routes read `/accounts/{id}/`)
 *   BENCH_PORT=3300          first port to try for the server
 *   BENCH_LH_CHROME_PORT=9222  first port to try for Chromium's DevTools
 *   BENCH_LH_CPU=2.5         a fixed CPU slowdown instead of the calibrated one (`4`: the preset's)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CONTROL_MIN_SCORE, cpuSlowdownMultiplier, median } from './bench/cpu-calibration.mjs';
import { findChromium } from './find-chromium.mjs';
import { withFloorApp } from './bench/floor.mjs';
import { findFreePort } from './bench/proc.mjs';
import { isPublicRoute, recordIds, resolveRoutes } from './bench/routes.mjs';
import { apiToken, buildIfNeeded, EMAIL, PASSWORD, root, seconds, startServer, stopServer } from './bench/server.mjs';

const positive = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`bench:lighthouse: ${name} must be a positive whole number`);
    process.exit(2);
  }
  return value;
};
const config = {
  runs: positive('BENCH_LH_RUNS', 3),
  firstPort: positive('BENCH_PORT', 3300),
  firstChromePort: positive('BENCH_LH_CHROME_PORT', 9222),
  floor: process.env.BENCH_LH_FLOOR !== '0',
  fixedCpu: process.env.BENCH_LH_CPU ? Number(process.env.BENCH_LH_CPU) : null,
  routes: (process.env.BENCH_LH_ROUTES ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
};
if (config.fixedCpu !== null && !(config.fixedCpu >= 1 && config.fixedCpu <= 20)) {
  console.error('bench:lighthouse: BENCH_LH_CPU must be a number from 1 to 20');
  process.exit(2);
}
const RESULTS_FILE = path.join(root, 'bench-lighthouse-results.json');
/** The switches the browser tests start Chromium with (playwright.config.ts). */
const CHROMIUM_ARGS = JSON.parse(readFileSync(path.join(root, 'scripts', 'chromium-args.json'), 'utf8'));
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** The blank app's one page in the table: the framework's own floor on this machine. */
const FLOOR_ROUTE = 'floor: blank app /';

const state = { server: null, serverLog: [], context: null, tempDirs: [], cleaned: false };

async function cleanUp() {
  if (state.cleaned) return;
  state.cleaned = true;
  await state.context?.close().catch(() => {});
  await stopServer(state);
  for (const dir of state.tempDirs) rmSync(dir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\nbench:lighthouse: ${signal}, stopping …`);
    cleanUp().finally(() => process.exit(130));
  });
}

const tempDir = (prefix) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  state.tempDirs.push(dir);
  return dir;
};
const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

/**
 * The host's `benchmarkIndex` as Lighthouse computes it (its own page function, in the same browser),
 * the median of three runs: the input of the calibration.
 */
async function measureBenchmarkIndex(context) {
  const page = await context.newPage();
  try {
    await page.goto('about:blank');
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    return { runs: runs.map((value) => Math.round(value)), median: Math.round(median(runs)) };
  } finally {
    await page.close();
  }
}

/** Signs the browser's profile in through the login form, as a user does. */
async function signIn(context, base) {
  const page = await context.newPage();
  await page.goto(`${base}/login/`);
  await page.getByLabel('E-Mail-Adresse').fill(EMAIL);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  const cookies = await context.cookies(base);
  if (!cookies.some((cookie) => /session-token/.test(cookie.name))) {
    throw new Error(`signing in as ${EMAIL} through the form left no session cookie (now on ${page.url()})`);
  }
  await page.close();
}

/** A URL of the report without the origin (the chunks' names are what tells them apart). */
const shortUrl = (url) => (typeof url === 'string' ? url.replace(/^https?:\/\/[^/]+/, '') : url);

/** One Lighthouse run of `url` in the browser behind `chromePort`: the figures this bench reports. */
async function audit(url, chromePort, cpuMultiplier) {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // Merged into the mobile preset's Slow 4G: only the CPU slowdown changes.
    throttling: { cpuSlowdownMultiplier: cpuMultiplier },
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  const score = (id) => (lhr.categories[id]?.score === null ? null : Math.round(lhr.categories[id].score * 100));
  return {
    finalUrl: lhr.finalDisplayedUrl,
    status: lhr.audits['http-status-code']?.score === 0 ? 'error' : 'ok',
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings,
    // Lighthouse's estimate of the host's CPU (docs/throttling.md: a high-end desktop 1500–2000).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    cpuSlowdownMultiplier: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    renderBlockingMs: lhr.audits['render-blocking-resources']?.details?.overallSavingsMs ?? 0,
    // Stylesheets fetched as files (<link>s): none when the CSS ships inside the HTML.
    stylesheets: (lhr.audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Stylesheet',
    ).length,
    renderBlockingResources: (lhr.audits['render-blocking-resources']?.details?.items ?? []).map((item) => item.url),
    unusedCssBytes: lhr.audits['unused-css-rules']?.details?.overallSavingsBytes ?? 0,
    // What moved (CLS): the elements of the largest layout shifts.
    layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 3).map((item) => ({
      score: Math.round((item.score ?? 0) * 1000) / 1000,
      selector: item.node?.selector ?? null,
      snippet: typeof item.node?.snippet === 'string' ? item.node.snippet.slice(0, 200) : null,
    })),
    // What blocks the main thread (TBT): the longest tasks and the scripts that cost the most CPU.
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 5).map((item) => ({
      url: shortUrl(item.url),
      startMs: Math.round(item.startTime),
      durationMs: Math.round(item.duration),
    })),
    mainThread: Object.fromEntries(
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
        item.group,
        Math.round(item.duration),
      ]),
    ),
    scripts: (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 5).map((item) => ({
      url: shortUrl(item.url),
      scriptingMs: Math.round(item.scripting),
      parseMs: Math.round(item.scriptParseCompile),
    })),
    // The accessibility and best-practice checks that did not pass (what keeps those scores below 100).
    failedAudits: ['accessibility', 'best-practices']
      .flatMap((category) => lhr.categories[category].auditRefs)
      .filter((ref) => ref.weight > 0 && typeof lhr.audits[ref.id]?.score === 'number' && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id),
  };
}

function summarize(route, runs) {
  const pick = (key) => runs.map((run) => run[key]);
  const round = (value, digits = 0) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);
  return {
    route,
    runs: runs.length,
    performance: median(pick('performance')),
    accessibility: median(pick('accessibility')),
    bestPractices: median(pick('bestPractices')),
    fcpMs: round(median(pick('fcpMs'))),
    lcpMs: round(median(pick('lcpMs'))),
    tbtMs: round(median(pick('tbtMs'))),
    cls: round(median(pick('cls')), 3),
    maxCls: round(Math.max(...pick('cls').map((value) => value ?? 0)), 3),
    stylesheets: Math.max(...pick('stylesheets')),
    renderBlockingMs: round(median(pick('renderBlockingMs'))),
    renderBlockingResources: Math.max(...pick('renderBlockingResources').map((urls) => urls.length)),
    unusedCssKiB: round(median(pick('unusedCssBytes')) / 1024, 1),
    failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
    benchmarkIndex: round(median(pick('benchmarkIndex'))),
    cpuSlowdownMultiplier: median(pick('cpuSlowdownMultiplier')),
    perRun: runs,
  };
}

function printRows(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) {
    console.log(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  '),
    );
  }
}

async function main() {
  const startedAt = new Date();
  const loadAverageAtStart = loadAverage();
  buildIfNeeded();
  const buildId = readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8').trim();
  const port = await findFreePort(config.firstPort);
  await startServer(state, tempDir('ebmt-bench-lh-data-'), port);
  const base = `http://127.0.0.1:${port}`;

  const ids = await recordIds(base, `Bearer ${await apiToken(base)}`);
  const routes = resolveRoutes(ids).filter(
    ({ route }) =>
      !config.routes.length ||
      config.routes.some((part) => (part.startsWith('=') ? route === part.slice(1) : route.includes(part))),
  );
  for (const { route, path: routePath } of routes) {
    if (!routePath) console.log(`  (no record for ${route} in this database; skipped)`);
  }
  const guest = routes.filter(({ route, path: routePath }) => routePath && isPublicRoute(route));
  const signedIn = routes.filter(({ route, path: routePath }) => routePath && !isPublicRoute(route));

  const chromePort = await findFreePort(config.firstChromePort);
  const executablePath = await findChromium();
  state.context = await chromium.launchPersistentContext(tempDir('ebmt-bench-lh-profile-'), {
    executablePath,
    headless: true,
    // German, as the users and the browser tests are: the pages Lighthouse opens ask for it too.
    locale: 'de-DE',
    args: [...CHROMIUM_ARGS, '--lang=de-DE', `--remote-debugging-port=${chromePort}`],
  });
  const browserVersion = state.context.browser()?.version() ?? null;
  const benchmark = await measureBenchmarkIndex(state.context);
  const cpuMultiplier = config.fixedCpu ?? cpuSlowdownMultiplier(benchmark.median);
  console.log(
    `Host benchmarkIndex ${benchmark.median} (median of ${benchmark.runs.join(', ')}): CPU slowdown ${cpuMultiplier}×` +
      (config.fixedCpu ? ' (fixed by BENCH_LH_CPU)' : ' (calibrated: 150 → 1×, 800 → 2×, 1,300 → 3×, 1,533 → 4×)'),
  );
  console.log(
    `Lighthouse (mobile preset, simulated throttling, CPU ${cpuMultiplier}×) in Chromium ${browserVersion ?? executablePath} on DevTools port ${chromePort}: ` +
      `${config.runs} run(s) each of ${guest.length} guest and ${signedIn.length} signed-in route(s); load average ${loadAverage().join(' ')}`,
  );

  const results = [];
  const problems = [];
  const measure = async ({ route, path: routePath }, origin = base, into = results) => {
    const runs = [];
    for (let run = 0; run < config.runs; run++) {
      const started = performance.now();
      const result = await audit(`${origin}${routePath}`, chromePort, cpuMultiplier);
      runs.push(result);
      const finalPath = new URL(result.finalUrl).pathname;
      if (result.runtimeError) problems.push(`${route} run ${run + 1}: ${result.runtimeError}`);
      else if (result.status !== 'ok') problems.push(`${route} run ${run + 1}: not a 2xx answer`);
      else if (!isPublicRoute(route) && finalPath.startsWith('/login')) {
        problems.push(`${route} run ${run + 1}: ended on the sign-in page (the session was lost)`);
      }
      console.log(
        `  ${route} run ${run + 1}: performance ${result.performance}, accessibility ${result.accessibility}, ` +
          `best practices ${result.bestPractices}, LCP ${Math.round(result.lcpMs ?? 0)} ms, TBT ${Math.round(result.tbtMs ?? 0)} ms, ` +
          `CLS ${(result.cls ?? 0).toFixed(3)}, benchmarkIndex ${Math.round(result.benchmarkIndex ?? 0)}, CPU ${result.cpuSlowdownMultiplier}× ` +
          `(${seconds(performance.now() - started)} s, load ${loadAverage()[0]})`,
      );
    }
    into.push(summarize(route, runs));
  };
  const floor = [];
  let floorVersions = null;
  if (config.floor) {
    await withFloorApp(root, async (floorBase, versions) => {
      floorVersions = versions;
      await measure({ route: FLOOR_ROUTE, path: '/' }, floorBase, floor);
    });
  }
  for (const route of guest) await measure(route);
  if (signedIn.length) {
    await signIn(state.context, base);
    for (const route of signedIn) await measure(route);
  }
  results.sort((a, b) => routes.findIndex((r) => r.route === a.route) - routes.findIndex((r) => r.route === b.route));

  const text = (value) => (value === null || value === undefined ? '–' : String(value));
  const control = floor[0] ?? null;
  console.log(
    `\nMedian of ${config.runs} run(s) per route (Lighthouse mobile preset, CPU ${cpuMultiplier}× for benchmarkIndex ${benchmark.median}` +
      `${control ? `; control: the blank app ${text(control.performance)}` : ''}):`,
  );
  printRows([
    [
      'route',
      'perf',
      'a11y',
      'best',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'CLS',
      'max CLS',
      'CSS files',
      'blocking',
      'blocking ms',
      'unused CSS KiB',
      'bench idx',
      'CPU ×',
      'control',
    ],
    ...[...floor, ...results].map((row) => [
      row.route,
      text(row.performance),
      text(row.accessibility),
      text(row.bestPractices),
      text(row.fcpMs),
      text(row.lcpMs),
      text(row.tbtMs),
      text(row.cls),
      text(row.maxCls),
      text(row.stylesheets),
      text(row.renderBlockingResources),
      text(row.renderBlockingMs),
      text(row.unusedCssKiB),
      text(row.benchmarkIndex),
      text(row.cpuSlowdownMultiplier),
      text(control?.performance),
    ]),
  ]);
  const goals = {
    controlAtLeast98: control ? (control.performance ?? 0) >= CONTROL_MIN_SCORE : null,
    performanceAtLeast95: results.every((row) => (row.performance ?? 0) >= 95),
    noLayoutShiftAbove002: results.every((row) => row.maxCls <= 0.02),
    accessibility100: results.every((row) => row.accessibility === 100),
    renderBlockingAtMost100ms: results.every((row) => (row.renderBlockingMs ?? 0) <= 100),
  };
  const yesNo = (value) => (value ? 'yes' : 'NO');
  if (floor.length) {
    const [blank] = floor;
    console.log(
      `The floor (a blank Next.js ${floorVersions?.next} app) on this machine: performance ${text(blank.performance)}, ` +
        `TBT ${text(blank.tbtMs)} ms, LCP ${text(blank.lcpMs)} ms (median of ${blank.runs}); ` +
        `routes at or above the floor's performance: ${results.filter((row) => (row.performance ?? 0) >= (blank.performance ?? 0)).length} of ${results.length}`,
    );
  }
  if (goals.controlAtLeast98 === false) {
    problems.push(
      `the control (the blank app) scored ${text(control.performance)} < ${CONTROL_MIN_SCORE} at CPU ${cpuMultiplier}×: the calibration is wrong ` +
        `(a loaded machine? load average ${loadAverage().join(' ')}); the routes' scores of this run do not mean what they say`,
    );
    console.log(`\nTHE CALIBRATION IS WRONG: ${problems.at(-1)}`);
  }
  console.log(
    `Goals (issue 50): the control ≥ ${CONTROL_MIN_SCORE}: ${goals.controlAtLeast98 === null ? 'not measured (BENCH_LH_FLOOR=0)' : yesNo(goals.controlAtLeast98)}; ` +
      `performance ≥ 95 on every route: ${yesNo(goals.performanceAtLeast95)}; ` +
      `no CLS above 0.02 on any run: ${yesNo(goals.noLayoutShiftAbove002)}; accessibility 100: ${yesNo(goals.accessibility100)}; ` +
      `render-blocking ≤ 100 ms: ${yesNo(goals.renderBlockingAtMost100ms)}`,
  );

  const finishedAt = new Date();
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    buildId,
    lighthouse: JSON.parse(readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version,
    chromium: browserVersion,
    machine: {
      cpus: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
    },
    config,
    calibration: {
      benchmarkIndexRuns: benchmark.runs,
      benchmarkIndex: benchmark.median,
      cpuSlowdownMultiplier: cpuMultiplier,
    },
    floor: floor.length ? { versions: floorVersions, ...floor[0] } : null,
    routes: results,
    goals,
    problems,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Results written to ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}.`);
  if (problems.length) {
    console.error(`\nbench:lighthouse: ${problems.length} failed run(s):\n  ${problems.join('\n  ')}`);
    return 1;
  }
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`\nbench:lighthouse failed: ${error instanceof Error ? error.message : error}`);
  if (state.serverLog.length) console.error(`last server output:\n${state.serverLog.slice(-30).join('\n')}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
