import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures/auth';
import { axeViolations } from '../fixtures/axe';

/**
 * An administrator creates an API key for a machine client, sees its secret once, finds it in the
 * list by its prefix, the key works against the API, and revoking it ends it (issue 48).
 */
test('an administrator creates a key, sees the secret once, and revokes it', async ({ page, signIn, api }) => {
  await signIn('admin');
  await page.goto('/');
  // The menu opens once the page is hydrated: open it until it shows.
  await expect(async () => {
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('link', { name: 'Webhooks' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('link', { name: 'API-Schlüssel' }).click();
  await expect(page).toHaveURL(/\/einstellungen\/api-schluessel\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API-Schlüssel' })).toBeVisible();

  const name = `Portal ${randomUUID().slice(0, 8)}`;
  const form = page.getByTestId('api-key-form');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('whitelist.check').check();
  await form.getByRole('button', { name: 'Schlüssel anlegen' }).click();

  const shown = page.getByTestId('api-key-secret');
  await expect(shown).toContainText(name);
  const secret = await page.getByTestId('api-key-secret-value').inputValue();
  expect(secret).toMatch(/^ebmt_[A-Za-z0-9_-]{43}$/);
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText(`${secret.slice(0, 13)}…`);
  await expect(row).toContainText('aktiv');
  expect(await axeViolations(page)).toEqual([]);

  const check = () =>
    api.get('/api/v1/whitelist/check/?email=a%40example.com', { headers: { authorization: `Bearer ${secret}` } });
  expect((await check()).status()).toBe(200);

  // Once: after "stored" and after a reload the secret is nowhere on the page.
  await shown.getByRole('button', { name: 'Ich habe den Schlüssel gespeichert' }).click();
  await page.reload();
  await expect(page.getByTestId('api-key-secret')).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await expect(row).toContainText(api.ip);

  await row.getByRole('button', { name: 'Widerrufen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Widerrufen' }).click();
  await expect(row).toContainText('widerrufen');
  await expect(row.getByRole('button', { name: 'Widerrufen' })).toHaveCount(0);
  expect((await check()).status()).toBe(401);
});

test('people other than administrators are sent to “no permission”', async ({ page, signIn }) => {
  await signIn('backoffice');
  await page.goto('/');
  await expect(async () => {
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('link', { name: 'Profil' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'API-Schlüssel' })).toHaveCount(0);
  await page.goto('/einstellungen/api-schluessel/');
  await expect(page).toHaveURL(/\/keine-berechtigung\/$/);
  await page.goto('/einstellungen/webhooks/');
  await expect(page).toHaveURL(/\/keine-berechtigung\/$/);
});
