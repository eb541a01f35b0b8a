import { randomUUID } from 'node:crypto';
import { bearer } from '../fixtures/api';
import { expect, test } from '../fixtures/auth';
import { demoUser } from '../fixtures/demo-users';

/** Every page carries a nonce-based Content-Security-Policy, and a page without its record answers 404. */
test.describe('security headers and honest status codes', () => {
  test('each page answer has its own nonce, and Next puts it on every script', async ({ request }) => {
    const first = await request.get('/login/');
    const second = await request.get('/login/');
    const policy = first.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, policy).toBeTruthy();
    expect(second.headers()['content-security-policy']).not.toContain(nonce);

    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    for (const directive of [`frame-ancestors 'none'`, `object-src 'none'`, `base-uri 'self'`]) {
      expect(policy).toContain(directive);
    }
    // Served over plain http here: no HSTS (the unit test covers https).
    expect(first.headers()['strict-transport-security']).toBeUndefined();

    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });

  test('the app works under the policy: no violation while signing in and moving around', async ({ page, signIn }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto('/login/');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await signIn('backoffice');
    await page.goto('/accounts/');
    await page.getByRole('link', { name: 'Benutzer', exact: true }).first().click();
    await expect(page).toHaveURL('/benutzer/');
    await page.getByRole('link', { name: 'Konten', exact: true }).first().click();
    await expect(page).toHaveURL('/accounts/');
    await expect(page.getByRole('table', { name: 'Liste der Konten' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a record that is missing or out of reach answers 404 before any byte of the page', async ({
    api,
    page,
    signIn,
  }) => {
    const admin = demoUser('admin');
    const { id_token: token } = await api.login(admin.email, admin.password);
    const foreign = (await (
      await api.get('/api/v1/accounts/?q=Rheinland%20Pflegedienste', { headers: bearer(token) })
    ).json()) as { items: { id: string }[] };
    const admins = (await (
      await api.get(`/api/v1/users/?q=${encodeURIComponent(admin.email)}`, { headers: bearer(token) })
    ).json()) as { items: { id: string }[] };
    const foreignAccount = foreign.items[0]!.id;
    const adminUser = admins.items[0]!.id;

    await signIn('manager');
    for (const path of [
      `/accounts/${foreignAccount}/`,
      `/accounts/${foreignAccount}/show/`,
      `/accounts/${randomUUID()}/`,
      `/benutzer/${adminUser}/`,
      `/accounts/${randomUUID()}.css`,
    ]) {
      const answer = await page.request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(404);
      expect(await answer.text(), path).toContain('Diese Seite konnte nicht gefunden werden');
    }
  });

  test('a guarded path that looks like a file still goes through the guard', async ({ request, baseURL }) => {
    const answer = await request.get(`/accounts/${randomUUID()}.css`, { maxRedirects: 0 });
    expect(answer.status()).toBe(307);
    // Relative, or on the app's public origin.
    const location = new URL(answer.headers()['location']!, baseURL);
    expect(location.origin).toBe(new URL(baseURL!).origin);
    expect(location.pathname).toBe('/login/');
  });
});
