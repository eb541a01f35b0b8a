import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startAppServer, type AppServer } from '../ops/support/app-server';
import { freshCode } from '../fixtures/mfa';

/**
 * MFA_REQUIRED_ROLES (issue 28) on a server of its own (the shared e2e server runs the demo data,
 * where the default requires nobody): the administrator without a factor is sent to enrolment right
 * after the password and can reach nothing else — pages, the browser's /api/ui proxy and the API —
 * until a factor is set up.
 */

let app: AppServer;

test.beforeAll(async () => {
  app = await startAppServer({ env: { MFA_REQUIRED_ROLES: 'admin,backoffice' } });
});

test.afterAll(async () => {
  await app?.stop();
});

async function apiLogin(): Promise<string> {
  const response = await fetch(`${app.url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id_token: string }).id_token;
}

const get = (token: string, path: string) =>
  fetch(`${app.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });

async function signInWithForm(page: Page) {
  await page.goto(`${app.url}/login/`);
  await page.getByLabel('E-Mail-Adresse').fill(ADMIN_EMAIL);
  await page.getByLabel('Passwort').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

test('staff without a factor reach only the enrolment until one is set up', async ({ page }) => {
  // The API: everything but enrolment, the own profile, who-am-I and sign-out answers 403.
  const token = await apiLogin();
  const me = (await (await get(token, '/auth/me/')).json()) as { user: { mfaEnrolmentRequired: boolean } };
  expect(me.user.mfaEnrolmentRequired).toBe(true);
  for (const path of ['/accounts/', '/users/', '/changes/', '/dashboard/', '/mail/outbox/']) {
    const refused = await get(token, path);
    expect(refused.status, path).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('mfa_enrolment_required');
  }
  expect((await get(token, '/profile/mfa/')).status).toBe(200);

  // The browser: right after the password to the enrolment, and nowhere else.
  await signInWithForm(page);
  await expect(page).toHaveURL(`${app.url}/profil/zwei-faktor/`);
  await expect(page.getByTestId('mfa-required')).toBeVisible();
  for (const path of ['/', '/accounts/', '/benutzer/', '/profil/']) {
    await page.goto(`${app.url}${path}`);
    await expect(page, path).toHaveURL(`${app.url}/profil/zwei-faktor/`);
  }
  const proxied = await page.request.get(`${app.url}/api/ui/accounts/`);
  expect(proxied.status()).toBe(403);

  await page.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Bestätigungscode').fill(await freshCode(secret, new Set()));
  await page.getByRole('button', { name: 'Bestätigen und aktivieren' }).click();
  await expect(page.getByTestId('recovery-code-list').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Ich habe die Codes gespeichert' }).click();
  await expect(page.getByTestId('mfa-required')).toHaveCount(0);

  // Done: the other pages open, and the API answers again.
  await page.goto(`${app.url}/accounts/`);
  await expect(page).toHaveURL(`${app.url}/accounts/`);
  expect((await get(token, '/accounts/')).status).toBe(200);
  // The last factor of a role that needs one stays.
  const removal = await fetch(`${app.url}/api/v1/profile/mfa/totp/`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code: '000000' }),
  });
  expect(removal.status).toBe(422);
});
