#!/usr/bin/env node
/**
 * `npm test`: everything CI checks, in the order that fails fastest — lint, typecheck, Jest, the
 * production build, then the Playwright suite (browser journeys and API tests) against that build,
 * then the resilience suite (e2e/ops: its own PostgreSQL stopped under load, SIGTERM draining).
 * Stops at the first failing step and prints how long each step took.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = mkdtempSync(path.join(tmpdir(), 'ebmt-test-'));
const jestReport = path.join(reportDir, 'jest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');
const resilienceReport = path.join(reportDir, 'resilience.json');

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_IGNORE_INCORRECT_LOCKFILE: '1',
};

const ESLINT_CONFIGS = ['eslint.config.mjs', 'eslint.config.js', 'eslint.config.cjs', 'eslint.config.ts'];

const steps = [
  {
    // ESLint, then dependency-cruiser's check for import cycles (package.json).
    name: 'lint',
    command: ['npm', 'run', 'lint'],
    precondition: () =>
      ESLINT_CONFIGS.some((file) => existsSync(path.join(root, file)))
        ? null
        : `no ESLint configuration found (expected one of ${ESLINT_CONFIGS.join(', ')})`,
  },
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit'] },
  {
    name: 'unit tests (jest)',
    command: ['npx', 'jest', '--passWithNoTests', '--json', `--outputFile=${jestReport}`],
    env: { CI: 'true' },
  },
  { name: 'build', command: ['npx', 'next', 'build'] },
  {
    name: 'e2e (playwright)',
    command: ['node', 'scripts/e2e.mjs', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
  {
    name: 'resilience (ops)',
    command: ['npx', 'playwright', 'test', '--config=playwright.ops.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: resilienceReport },
  },
];

function run(step) {
  return new Promise((resolve) => {
    const [command, ...args] = step.command;
    const child = spawn(command, args, { cwd: root, env: { ...env, ...step.env }, stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Test counts from the Jest and Playwright JSON reports, when both steps got that far. */
function testCounts() {
  let passed = 0;
  let failed = 0;
  let found = false;
  const jest = readJson(jestReport);
  if (jest) {
    found = true;
    passed += jest.numPassedTests ?? 0;
    failed += (jest.numFailedTests ?? 0) + (jest.numRuntimeErrorTestSuites ?? 0);
  }
  for (const report of [playwrightReport, resilienceReport]) {
    const playwright = readJson(report);
    if (playwright?.stats) {
      found = true;
      // Retries are off; should one ever run, a test that passed only on it ("flaky") is a failure.
      passed += playwright.stats.expected ?? 0;
      failed += (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
    }
  }
  return found ? { passed, failed } : null;
}

const results = [];
let exitCode = 0;
const started = Date.now();

for (const step of steps) {
  const problem = step.precondition?.();
  if (problem) {
    console.error(`\n✖ ${step.name}: ${problem}`);
    results.push({ name: step.name, ok: false, ms: 0 });
    exitCode = 1;
    break;
  }
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const stepStarted = Date.now();
  const code = await run(step);
  results.push({ name: step.name, ok: code === 0, ms: Date.now() - stepStarted });
  if (code !== 0) {
    exitCode = code;
    break;
  }
}

console.log('\nSummary');
for (const step of steps) {
  const result = results.find((candidate) => candidate.name === step.name);
  const mark = !result ? '–' : result.ok ? '✔' : '✖';
  console.log(`  ${mark} ${step.name.padEnd(20)} ${result ? seconds(result.ms) : '  skipped'}`);
}
console.log(`  total${' '.repeat(18)}${seconds(Date.now() - started)}`);

const counts = testCounts();
rmSync(reportDir, { recursive: true, force: true });
if (counts) console.log(`${counts.passed} passed, ${counts.failed} failed`);
if (counts?.failed && exitCode === 0) exitCode = 1;
process.exit(exitCode);
