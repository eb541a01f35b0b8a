import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { PUBLIC_HOST } from './e2e/deployment/support/reverse-proxy';
// The switches Chromium starts with here and in `npm run bench:lighthouse`: no sandbox (root in a
// container), no GPU, nothing fetched in the background, /tmp rather than a small /dev/shm.
import CHROMIUM_ARGS from './scripts/chromium-args.json';
import { E2E_METRICS_TOKEN } from './e2e/fixtures/metrics';

/**
 * Playwright runs the journeys in Chromium (`e2e/tests`) and the HTTP API tests (`e2e/api`).
 * Without BASE_URL it starts the already built app (`next build` ran before) on a fresh, empty
 * embedded database, so every run begins with exactly the demo data. With BASE_URL (QA against a
 * preview deployment) it starts nothing.
 */
const isCI = Boolean(process.env.CI);
const externalBaseUrl = process.env.BASE_URL?.replace(/\/+$/, '');
const port = Number(process.env.E2E_PORT ?? 3100);
/** The loopback SMTP port the suite's server sends to (e2e/fixtures/smtp.ts listens there). */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 2000);
process.env.E2E_SMTP_PORT = String(smtpPort);
const localBaseUrl = `http://localhost:${port}`;

// Playwright loads this file again in every worker process. The data folder is created once, in
// the main process, and handed to the workers (and the server) through the environment.
function e2eDataDir(): string {
  const given = process.env.E2E_DATA_DIR;
  if (given) return given;
  const created = mkdtempSync(path.join(tmpdir(), 'ebmt-e2e-'));
  process.env.E2E_DATA_DIR = created;
  if (!process.env.E2E_KEEP_DATA) {
    // By exit the web server has been stopped; a temporary database is of no further use.
    process.on('exit', () => rmSync(created, { recursive: true, force: true }));
  }
  return created;
}

/** Where E2E_STANDALONE assembles the standalone build (outside the repository). */
const standaloneDir = path.join(tmpdir(), `ebmt-standalone-${port}`);

function webServer(): PlaywrightTestConfig['webServer'] {
  if (externalBaseUrl) return undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: e2eDataDir(),
    NEXTAUTH_URL: localBaseUrl,
    NEXTAUTH_SECRET: 'e2e-nextauth-secret-only-for-tests-0123456789',
    API_TOKEN_SECRET: 'e2e-api-token-secret-only-for-tests-0123456789',
    AUDIT_CHAIN_KEY: 'e2e-audit-chain-key-only-for-tests-0123456789',
    AUDIT_CHECKPOINT_FILE: path.join(e2eDataDir(), 'audit-checkpoints.jsonl'),
    SEED_DEMO: 'true',
    NEXT_TELEMETRY_DISABLED: '1',
    // Tests stand in for a proxy: each speaks from the address it appends to X-Forwarded-For, so
    // they do not share one sign-in limit. e2e/deployment proves the default 0 ignores the header.
    TRUSTED_PROXY_HOPS: '1',
    // e2e/api/notifications.spec.ts runs a real SMTP server here (only while it needs one: before,
    // mail fails and the queue retries it, as in an outage). Retries start after 10 s: with 1 s, the
    // whole suite's failing mails (hundreds, oldest first) kept the two mail workers busy with
    // retries, and a new mail waited more than 90 s for its first attempt.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_DELAY_SECONDS: '10',
    // e2e/api/webhooks.spec.ts runs its receiver on 127.0.0.1 (the guard itself: deliver-webhook.test.ts),
    // and its outage should end in seconds, not minutes.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
    // e2e/api/observability.spec.ts scrapes GET /metrics with it.
    METRICS_TOKEN: E2E_METRICS_TOKEN,
  };
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  return {
    // E2E_STANDALONE=1: the standalone build as the Dockerfile ships it (scripts/assemble-standalone.mjs),
    // copied to a temp folder, so no module can come from the repository's node_modules.
    command: process.env.E2E_STANDALONE
      ? `node scripts/assemble-standalone.mjs ${standaloneDir} && node ${standaloneDir}/scripts/server.mjs`
      : 'node scripts/server.mjs',
    url: `${localBaseUrl}/api/v1/health/ready/`,
    env,
    // Assembling the standalone folder copies ~95 MB first.
    timeout: process.env.E2E_STANDALONE ? 300_000 : 180_000,
    reuseExistingServer: false,
    stdout: process.env.E2E_DEBUG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  };
}

const GUARD_SPEC = 'tests/navigation-guard.spec.ts';
const FUZZ_SPEC = 'api/fuzz.spec.ts';
/** API tests that must have the server to themselves: they run in the fuzz project, one at a time. */
const ALONE = /@alone/;

const browserUse: PlaywrightTestConfig['use'] = {
  browserName: 'chromium',
  locale: 'de-DE',
  timezoneId: 'Europe/Berlin',
  launchOptions: {
    // The system Chromium (scripts/find-chromium.mjs); Playwright's download needs internet.
    executablePath: process.env.CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  },
};

/**
 * Servers of their own, one at a time (e2e/deployment): behind a reverse proxy on a public host
 * name, and with TRUSTED_PROXY_HOPS=0.
 */
const deploymentProject: NonNullable<PlaywrightTestConfig['projects']>[number] = {
  name: 'deployment',
  testMatch: 'deployment/**/*.spec.ts',
  dependencies: ['fuzz'],
  workers: 1,
  timeout: 180_000,
  use: {
    ...browserUse,
    launchOptions: {
      ...browserUse.launchOptions,
      args: [...(browserUse.launchOptions?.args ?? []), `--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1`],
    },
  },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  // The machine has two cores; more workers only slow the server down.
  workers: 2,
  // A flaky test is a failing test: no retries, so a test that needs one fails the run.
  retries: 0,
  failOnFlakyTests: true,
  // Two browsers and the server share two cores: give page changes more than the default 5 s.
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: externalBaseUrl ?? localBaseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'api',
      testMatch: 'api/**/*.spec.ts',
      testIgnore: FUZZ_SPEC,
      grepInvert: ALONE,
    },
    {
      // After the other tests: it checks that the totals of every list stay the same. With it, one
      // at a time, the tests tagged @alone: they time /api/v1/health/ beside a hostile request, which
      // another test's work on the two cores would distort (issue 24), and the 50,000-row import, whose
      // transaction holds the embedded database's only connection for ~30 s in CI: a browser test that
      // ran beside it waited past its 10 s expectations.
      name: 'fuzz',
      testMatch: [FUZZ_SPEC, 'api/**/*.spec.ts'],
      grep: [/fuzzing every operation/, ALONE],
      workers: 1,
      dependencies: ['api', 'chromium'],
    },
    {
      name: 'chromium',
      testMatch: 'tests/**/*.spec.ts',
      testIgnore: GUARD_SPEC,
      // Journeys of twenty steps, two browsers and the server on two cores: 30 s is too tight a budget.
      timeout: 60_000,
      use: browserUse,
    },
    // Needs the local build; against BASE_URL there is nothing of ours to start.
    ...(externalBaseUrl ? [] : [deploymentProject]),
    {
      // Alone, after everything else: its 3 s limit measures the app under the load the test makes
      // itself, and no other test changes the accounts it compares while it runs.
      name: 'navigation-guard',
      testMatch: GUARD_SPEC,
      dependencies: [externalBaseUrl ? 'fuzz' : 'deployment'],
      use: browserUse,
    },
  ],
  webServer: webServer(),
});
