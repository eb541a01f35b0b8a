import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, signIn, startAppServer } from './support/app-server';

/**
 * Issue 47 as ops meet it on the production server (scripts/server.mjs): a half-configured server
 * refuses to start, naming the variable but never its value; a running one logs one JSON line per
 * request and hides /metrics without METRICS_TOKEN.
 */

/** A configuration scripts/server.mjs starts with (an embedded database in a temp folder). */
function configured(dataDir: string, port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    NEXTAUTH_SECRET: 'ops-nextauth-secret-only-for-tests-0123456789',
    API_TOKEN_SECRET: 'ops-api-token-secret-only-for-tests-0123456789',
    AUDIT_CHAIN_KEY: 'ops-audit-chain-key-only-for-tests-0123456789',
    SEED_DEMO: 'false',
    MFA_REQUIRED_ROLES: 'none',
    NEXT_TELEMETRY_DISABLED: '1',
  };
}

/** Runs the server until it exits (at most 60 s); its exit code and everything it wrote. */
async function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/server.mjs'], {
    cwd: process.cwd(),
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

test.describe('a half-configured server does not start', () => {
  const cases: [string, Record<string, string | undefined>, string | undefined][] = [
    ['API_TOKEN_SECRET', { API_TOKEN_SECRET: undefined }, undefined],
    ['API_TOKEN_SECRET', { API_TOKEN_SECRET: 'short-secret-17chars' }, 'short-secret-17chars'],
    ['NEXTAUTH_URL', { NEXTAUTH_URL: '/benefits-relative' }, '/benefits-relative'],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://app:s3cr3t-pw@' }, 's3cr3t-pw'],
    ['MFA_REQUIRED_ROLES', { MFA_REQUIRED_ROLES: 'admin,superuser-role' }, 'superuser-role'],
    ['AUDIT_CHAIN_KEY', { AUDIT_CHAIN_KEY: undefined }, undefined],
  ];
  for (const [name, change, value] of cases) {
    test(`${name} ${value === undefined ? 'missing' : 'malformed'}: exit 1, the variable named, its value not shown`, async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ebmt-ops-config-'));
      try {
        const env = { ...configured(dataDir, await freePort()), ...change };
        for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
        const { code, output } = await runUntilExit(env as Record<string, string>);
        expect(code, output).toBe(1);
        expect(output).toContain('invalid configuration, not starting');
        expect(output).toMatch(new RegExp(`^  ${name}: `, 'm'));
        if (value) expect(output).not.toContain(value);
        expect(output).not.toContain('listening on');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});

test('a running server logs one JSON line per request and answers /metrics 404 without METRICS_TOKEN', async () => {
  const server = await startAppServer({});
  try {
    const token = await signIn(server.url);
    const id = '00000000-0000-4000-8000-000000000047';
    const answer = await fetch(`${server.url}/api/v1/accounts/${id}/?q=erika.mustermann`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(404);
    const requestId = answer.headers.get('x-request-id')!;
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer anything' } });
    expect(metrics.status).toBe(404);
    await expect
      .poll(
        () =>
          server
            .log()
            .split('\n')
            .filter((line) => line.includes(requestId)).length,
      )
      .toBeGreaterThan(0);
    const lines = server
      .log()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const line = lines.find((entry) => entry.requestId === requestId && entry.msg === 'request');
    expect(line).toMatchObject({ method: 'GET', route: '/api/v1/accounts/{id}/', status: 404, level: 30 });
    expect(typeof line?.userId).toBe('string');
    expect(typeof line?.durationMs).toBe('number');
    expect(server.log()).not.toContain(id);
    expect(server.log()).not.toContain('erika.mustermann');
    expect(server.log()).not.toContain(token);
  } finally {
    await server.stop();
  }
});
