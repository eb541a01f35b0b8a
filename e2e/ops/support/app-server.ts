import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADMIN_EMAIL = 'ops-admin@example.com';
export const ADMIN_PASSWORD = 'Ops-Test-Passwort-2026!';

/** A free TCP port on the loopback interface, chosen by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface AppServer {
  url: string;
  /** The server's DATA_DIR (its embedded database is `pglite` in it). */
  dataDir: string;
  process: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  log: () => string;
  /** Resolves with the exit code and the time of exit (performance.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stop: () => Promise<void>;
}

/**
 * The built app as ops run it (`node scripts/server.mjs`, the production server) on its own port
 * and database (the PostgreSQL one given, else an embedded one in a temp folder), without demo
 * data and without the second-factor policy unless `env` sets MFA_REQUIRED_ROLES; resolves once /api/v1/health/ready/ answers 200.
 */
export async function startAppServer(options: {
  databaseUrl?: string;
  env?: Record<string, string>;
  /** A DATA_DIR of the caller's (kept on stop); else a temp folder, removed on stop. */
  dataDir?: string;
  /** The server script, relative to the working directory (the standalone build's copy, say). */
  script?: string;
  cwd?: string;
  /** How long the server may take to answer ready (default 2 minutes). */
  readyTimeoutMs?: number;
}): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'ebmt-ops-app-'));
  const child = spawn(process.execPath, [options.script ?? 'scripts/server.mjs'], {
    cwd: options.cwd ?? process.cwd(),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      NODE_OPTIONS: '--max-old-space-size=384',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      NEXTAUTH_URL: url,
      NEXTAUTH_SECRET: 'ops-nextauth-secret-only-for-tests-0123456789',
      API_TOKEN_SECRET: 'ops-api-token-secret-only-for-tests-0123456789',
      AUDIT_CHAIN_KEY: 'ops-audit-chain-key-only-for-tests-0123456789',
      SEED_DEMO: 'false',
      // Without demo data the default asks administrators for a second factor first; these servers
      // test deployment, not the policy (mfa-policy.spec.ts turns it on for itself).
      MFA_REQUIRED_ROLES: 'none',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      NEXT_TELEMETRY_DISABLED: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (hasExited) throw new Error(`the server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready within ${readyTimeoutMs} ms:\n${output}`);
    const status = await fetch(`${url}/api/v1/health/ready/`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    dataDir,
    process: child,
    log: () => output,
    exited,
    stop: async () => {
      if (!hasExited) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in the administrator the server created and answers its Bearer token. */
export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { id_token: string };
  return body.id_token;
}
