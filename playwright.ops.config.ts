import { defineConfig } from '@playwright/test';

/**
 * The resilience suite (e2e/ops): each test starts the built app (scripts/server.mjs) on a
 * PostgreSQL server of the suite's own and stops, breaks or signals them. One worker: the
 * timings it asserts (503 within 2 s, exit within the grace period) need the machine's attention.
 */
export default defineConfig({
  testDir: 'e2e/ops',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  workers: 1,
  retries: 0,
  timeout: 180_000,
  reporter: [['list']],
});
