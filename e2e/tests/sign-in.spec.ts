import { expect, test } from '../fixtures/auth';
import { demoUser } from '../fixtures/demo-users';

test.describe('sign-in', () => {
  test('a protected page sends a signed-out visitor to the login and back after signing in', async ({ page }) => {
    await page.goto('/keine-berechtigung/?from=test');
    await expect(page).toHaveURL(/\/login\/\?callbackUrl=%2Fkeine-berechtigung%2F%3Ffrom%3Dtest$/);
    await expect(page).toHaveTitle('Anmelden · Employee Benefits Master Tool');

    const admin = demoUser('admin');
    await page.getByLabel('E-Mail-Adresse').fill(admin.email);
    await page.getByLabel('Passwort').fill(admin.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();

    await expect(page).toHaveURL('/keine-berechtigung/?from=test');
    await expect(page.getByRole('heading', { name: 'Keine Berechtigung' })).toBeVisible();
  });

  test('signs in from the home page and greets the user with name and role', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\/\?callbackUrl=%2F$/);
    const manager = demoUser('manager');
    await page.getByLabel('E-Mail-Adresse').fill(manager.email);
    await page.getByLabel('Passwort').fill(manager.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Guten Tag,');
    await expect(page.getByTestId('role')).toHaveText('Sie sind angemeldet als Manager.');
    // The dashboard: the manager's tasks, their own requests (a manager decides nothing), their accounts.
    await expect(page.getByRole('heading', { name: 'Meine offenen Aufgaben' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meine offenen Anträge' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Konten nach Status/ })).toBeVisible();
    await expect(page.getByTestId('accounts-by-status-table').locator('tr[data-status="active"] td')).toHaveText(/\d/);
    await expect(page).toHaveTitle('Start · Employee Benefits Master Tool');
  });

  test('a wrong password gets a clear message and the form keeps the address', async ({ page }) => {
    await page.goto('/login/');
    await page.getByLabel('E-Mail-Adresse').fill('admin@example.com');
    await page.getByLabel('Passwort').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('admin@example.com');
    await expect(page).toHaveURL('/login/');
  });

  test('a locked address shows a countdown', async ({ page }) => {
    const email = `locked-${Date.now()}@example.com`;
    await page.goto('/login/');
    await page.getByLabel('E-Mail-Adresse').fill(email);
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.getByLabel('Passwort').fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(page.getByTestId('login-error')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
    }
    const alert = page.getByTestId('login-error');
    await expect(alert).toHaveAttribute('data-code', 'locked');
    await expect(alert).toContainText('Zu viele Fehlversuche');
    const first = await alert.textContent();
    await expect(alert).not.toHaveText(first ?? '', { timeout: 3000 });
  });

  for (const hostile of ['//evil.com/', '/\\evil.com', '/%2F%2Fevil.com', 'https://evil.com/', 'javascript:alert(1)']) {
    test(`a hostile callbackUrl ${hostile} lands on the home page`, async ({ page }) => {
      await page.goto(`/login/?callbackUrl=${encodeURIComponent(hostile)}`);
      const admin = demoUser('admin');
      await page.getByLabel('E-Mail-Adresse').fill(admin.email);
      await page.getByLabel('Passwort').fill(admin.password);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByTestId('role')).toBeVisible();
    });
  }

  test('a signed-in visitor on the login page is sent home', async ({ page, signIn }) => {
    await signIn('backoffice');
    await page.goto('/login/');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('role')).toHaveText('Sie sind angemeldet als Innendienst.');
  });

  test('signing out ends the session and lands on the login page', async ({ page, signIn }) => {
    await signIn('distributor');
    await page.goto('/');
    await page.getByTestId('user-menu').click();
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/login\/\?reason=signed-out$/);
    await expect(page.getByText('Sie wurden abgemeldet.')).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\/\?callbackUrl=%2F$/);
  });
});
