#!/usr/bin/env node
/**
 * `npm start`: one command from a fresh clone to a running app. Creates the data folder and, when
 * none are configured, the secrets (kept in DATA_DIR/secrets.json so sessions survive a restart),
 * builds if needed, starts the server (scripts/server.mjs: Next.js with a draining shutdown), and
 * prints where the app runs and how to sign in. Production deployments set their own secrets and
 * run `node scripts/server.mjs` directly (README).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverProcessEnv } from './server-process-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT || '3000';
const dataDir = path.resolve(root, process.env.DATA_DIR || './data');
// AUDIT_CHAIN_KEY: the history's keyed chain (docs/security.md); here next to the data, production keeps it elsewhere.
const SECRET_NAMES = ['NEXTAUTH_SECRET', 'API_TOKEN_SECRET', 'AUDIT_CHAIN_KEY'];
const HEALTH_TIMEOUT_MS = 3 * 60 * 1000;

mkdirSync(dataDir, { recursive: true });

function loadSecrets() {
  const missing = SECRET_NAMES.filter((name) => !process.env[name]);
  if (missing.length === 0) return {};
  const file = path.join(dataDir, 'secrets.json');
  let stored = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      console.error(`${file} is not valid JSON (${error.message}); fix or delete it.`);
      process.exit(1);
    }
  }
  let changed = false;
  for (const name of SECRET_NAMES) {
    if (typeof stored[name] !== 'string' || stored[name].length < 32) {
      stored[name] = randomBytes(48).toString('base64url');
      changed = true;
    }
  }
  if (changed) {
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    const shown = path.relative(root, file);
    console.log(`Created secrets in ${shown.startsWith('..') ? file : shown}.`);
  }
  chmodSync(file, 0o600);
  return Object.fromEntries(missing.map((name) => [name, stored[name]]));
}

const env = {
  ...process.env,
  ...loadSecrets(),
  // The history's signed checkpoints (docs/security.md "Keyed chain"), unless ops name another file.
  AUDIT_CHECKPOINT_FILE: process.env.AUDIT_CHECKPOINT_FILE || path.join(dataDir, 'audit-checkpoints.jsonl'),
  PORT: port,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_IGNORE_INCORRECT_LOCKFILE: '1',
};

if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  console.log('No build found; building the app first (a few minutes) …');
  const build = spawnSync('npx', ['next', 'build'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('`next build` failed.');
    process.exit(build.status ?? 1);
  }
}

const child = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
  cwd: root,
  env: serverProcessEnv(env),
  stdio: 'inherit',
});
let exiting = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    exiting = true;
    child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal && !exiting ? 1 : 0));
});

async function waitForHealth() {
  const url = `http://127.0.0.1:${port}/api/v1/health/ready/`;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return false;
}

function demoSignIns() {
  if (/^(false|0|no)$/i.test(process.env.SEED_DEMO ?? '')) return null;
  try {
    return JSON.parse(readFileSync(path.join(root, 'lib/server/db/seed/demo-sign-ins.json'), 'utf8'));
  } catch {
    return null;
  }
}

function printBox(lines) {
  const width = Math.max(...lines.map((line) => line.length));
  console.log(`\n┌${'─'.repeat(width + 2)}┐`);
  for (const line of lines) console.log(`│ ${line.padEnd(width)} │`);
  console.log(`└${'─'.repeat(width + 2)}┘\n`);
}

if (await waitForHealth()) {
  const lines = [`Employee Benefits Master Tool läuft auf http://localhost:${port}`];
  const demo = demoSignIns();
  if (demo) {
    lines.push('', `Demo-Anmeldungen (Passwort für alle: ${demo.password}):`);
    const emailWidth = Math.max(...demo.users.map((user) => user.email.length));
    for (const user of demo.users) lines.push(`  ${user.email.padEnd(emailWidth)}  ${user.label}`);
  }
  lines.push('', 'Beenden mit Strg+C.');
  printBox(lines);
} else if (child.exitCode === null) {
  console.error(`The app did not report ready at /api/v1/health/ready/ within ${HEALTH_TIMEOUT_MS / 60_000} minutes.`);
}
