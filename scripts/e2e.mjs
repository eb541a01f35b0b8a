#!/usr/bin/env node
/**
 * `npm run test:e2e [-- <playwright args>]`: the Playwright suite in the system Chromium. Without
 * BASE_URL, Playwright starts the built app on a fresh database (playwright.config.ts); the app is
 * built first if no build exists. With BASE_URL the suite runs against that deployment.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_IGNORE_INCORRECT_LOCKFILE: '1',
};

// The API project needs no browser; only look for (or install) Chromium when browser tests run.
const projects = args.flatMap((arg, index) => {
  if (arg.startsWith('--project=')) return [arg.slice('--project='.length)];
  if (arg === '--project' && args[index + 1]) return [args[index + 1]];
  return [];
});
const onlyApi = projects.length > 0 && projects.every((project) => project === 'api' || project === 'fuzz');
if (!onlyApi || process.env.CHROMIUM_PATH) {
  try {
    env.CHROMIUM_PATH = await findChromium();
  } catch (error) {
    console.error(`[e2e] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}

if (!process.env.BASE_URL && !existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  console.log('[e2e] No build found; running `next build` first …');
  const build = spawnSync('npx', ['next', 'build'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[e2e] `next build` failed.');
    process.exit(build.status ?? 1);
  }
}

const child = spawn('npx', ['playwright', 'test', ...args], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
