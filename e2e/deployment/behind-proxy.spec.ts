import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, startAppServer, type AppServer } from '../ops/support/app-server';
import { PUBLIC_HOST, startReverseProxy, type ReverseProxy } from './support/reverse-proxy';

/**
 * The app as ops run it behind a reverse proxy: the proxy is at http://benefits.test:<port>
 * (NEXTAUTH_URL; the browser resolves the name to loopback) and reaches the app at its internal
 * 127.0.0.1 address. Signing in, a write through /api/ui and the end of a session must never send
 * the browser to, or show it, the internal address or `localhost`.
 */

let app: AppServer;
let proxy: ReverseProxy;
let publicOrigin: string;

test.beforeAll(async () => {
  const proxyPort = await freePort();
  publicOrigin = `http://${PUBLIC_HOST}:${proxyPort}`;
  app = await startAppServer({ env: { NEXTAUTH_URL: publicOrigin, TRUSTED_PROXY_HOPS: '1' } });
  proxy = await startReverseProxy({ port: proxyPort, target: app.url });
});

// A fresh server loads each route's code on its first request; on a busy machine with two cores
// that takes longer than the usual 10 s for the first sign-in and page.
test.use({ navigationTimeout: 45_000 });
const SLOW = { timeout: 45_000 };

test.afterAll(async () => {
  await proxy?.close();
  await app?.stop();
});

const INTERNAL = /localhost|127\.0\.0\.1|\[::1\]/;

/** A request to the proxy under the public host name (Node does not resolve benefits.test). */
function postThroughProxy(path: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        method: 'POST',
        path,
        headers: { ...headers, host: new URL(publicOrigin).host, 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

test('sign-in, a write through /api/ui and the end of the session stay on the public origin', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: publicOrigin });
  const page = await context.newPage();
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });

  await page.goto('/accounts/');
  await expect(page).toHaveURL(`${publicOrigin}/login/?callbackUrl=%2Faccounts%2F`, SLOW);
  await page.getByLabel('E-Mail-Adresse').fill(ADMIN_EMAIL);
  await page.getByLabel('Passwort').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(`${publicOrigin}/accounts/`, SLOW);

  // A write through /api/ui from the public origin passes the same-origin check …
  const name = `Proxy ${randomUUID().slice(0, 8)}`;
  const created = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/ui/accounts/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { name, legalForm: 'GmbH', street: 'Proxyweg 1', zip: '10115', city: 'Berlin' },
  );
  expect(created.status, created.text).toBe(201);
  // … and one claiming the internal origin does not.
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  const foreign = await postThroughProxy('/api/ui/accounts/', { origin: app.url, cookie }, { name: `${name} 2` });
  expect(foreign).toBe(403);

  const links = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  expect(links.length).toBeGreaterThan(0);
  expect(links.filter((href) => INTERNAL.test(href) || !href.startsWith(publicOrigin))).toEqual([]);

  // The API session ends (as "sign out everywhere else" or a lock would); the page notices.
  const ended = await page.evaluate(async () => (await fetch('/api/ui/auth/logout/', { method: 'POST' })).status);
  expect(ended).toBe(204);
  await page.goto('/accounts/');
  await expect(page).toHaveURL(`${publicOrigin}/login/?reason=expired&callbackUrl=%2Faccounts%2F`, SLOW);
  await expect(page.getByText('Ihre Sitzung ist abgelaufen oder wurde beendet.')).toBeVisible();

  expect(visited.filter((url) => !url.startsWith(`${publicOrigin}/`))).toEqual([]);
  expect(proxy.locations.length).toBeGreaterThan(0);
  expect(
    proxy.locations.filter(
      ({ location }) => INTERNAL.test(location) || (/^[a-z]+:/i.test(location) && !location.startsWith(publicOrigin)),
    ),
  ).toEqual([]);
  expect(proxy.leaks).toEqual([]);
  await context.close();
});
