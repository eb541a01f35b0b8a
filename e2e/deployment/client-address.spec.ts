import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startAppServer, type AppServer } from '../ops/support/app-server';

/**
 * The default deployment, TRUSTED_PROXY_HOPS=0: clients connect directly, so only the socket's
 * address counts. The shared e2e server trusts one hop (its tests stand in for a proxy); this one
 * runs on a server of its own.
 */

let app: AppServer;

test.beforeAll(async () => {
  app = await startAppServer({ env: { TRUSTED_PROXY_HOPS: '0' } });
});

test.afterAll(async () => {
  await app?.stop();
});

const forgedHeaders = (attempt: number) => ({
  'x-forwarded-for': `10.${attempt}.0.1`,
  'x-real-ip': `10.${attempt}.0.2`,
  // The app's internal headers: the server drops a client's peer header, and a vouched address
  // needs the HMAC only the app's own server can make.
  'x-benefits-peer-address': `10.${attempt}.0.3`,
  'x-benefits-client-address': `10.${attempt}.0.4;${Math.floor(Date.now() / 1000)};${'A'.repeat(43)}`,
});

/** Signs in through next-auth as the login page does; answers next-auth's `error`, or null. */
async function signInThroughApp(headers: Record<string, string>): Promise<string | null> {
  const csrf = await fetch(`${app.url}/api/auth/csrf/`, { headers });
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await fetch(`${app.url}/api/auth/callback/credentials/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, json: 'true' }),
  });
  expect(callback.status).toBeLessThan(500);
  const { url } = (await callback.json()) as { url: string };
  return new URL(url).searchParams.get('error');
}

test('a rotated X-Forwarded-For no longer escapes the sign-in limit, directly or through the app', async () => {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 21; attempt += 1) {
    const response = await fetch(`${app.url}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...forgedHeaders(attempt) },
      body: JSON.stringify({ email: `rotated-${attempt}@example.com`, password: 'Falsch' }),
    });
    statuses.push(response.status);
  }
  expect(
    statuses.slice(0, 20).every((status) => status === 401),
    statuses.join(','),
  ).toBe(true);
  expect(statuses[20], statuses.join(',')).toBe(429);

  // The app's own server does not relay the forged address: the visitor is still throttled.
  expect(await signInThroughApp(forgedHeaders(99))).toMatch(/^rate_limited/);
});
