import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { uniqueIp, type ApiClient } from '../fixtures/api';
import { openSession } from '../fixtures/accounts';
import { expect, signInAs, test } from '../fixtures/auth';
import { latestMailTo, linkFrom } from '../fixtures/mail';
import { activatedUser } from '../fixtures/users';

/** A form field by its label; required fields add a "*" to the label's text. */
const field = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

/**
 * Journeys of the links in the mails and of the profile. Each test that changes a user makes its
 * own (invited and activated over the API), so no demo user's password, address or sessions change.
 */

interface FreshUser {
  id: string;
  email: string;
  password: string;
  name: string;
  /** An admin's token, for reading the outbox. */
  adminToken: string;
}

async function createActiveUser(api: ApiClient, label: string): Promise<FreshUser> {
  const admin = await openSession(api, 'admin');
  // A distributor (activatedUser's default): a role without an account, so no demo account gains users.
  const { user, email, password, name } = await activatedUser(api, admin, label, {
    firstName: 'Ida',
    lastName: `Ilse ${randomUUID().slice(0, 8)}`,
  });
  return { id: user.id, email, password, name, adminToken: admin.idToken };
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

test.describe('identity', () => {
  // Journeys of several pages and mails: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('forgot → reset: the new password works, the old one no longer', async ({ page, api, browser }) => {
    const user = await createActiveUser(api, 'vergessen');

    await page.goto('/login/');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(page).toHaveURL('/pw-vergessen/');
    await expect(page).toHaveTitle('Passwort vergessen · Employee Benefits Master Tool');
    // An unknown address gets exactly the same answer as a known one.
    await page.getByLabel('E-Mail-Adresse').fill(`niemand-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(page.getByTestId('forgot-sent')).toHaveText(
      'Falls ein Konto existiert, haben wir eine E-Mail gesendet.',
    );
    await page.getByRole('button', { name: 'Andere Adresse eingeben' }).click();
    await page.getByLabel('E-Mail-Adresse').fill(user.email);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(page.getByTestId('forgot-sent')).toHaveText(
      'Falls ein Konto existiert, haben wir eine E-Mail gesendet.',
    );

    const mail = await latestMailTo(api, user.adminToken, user.email, { template: 'password_reset' });
    const link = linkFrom(mail);
    expect(link).toMatch(/^\/pw-reset\/\?token=/);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible();

    // The server's policy speaks on the field: no part of the address before the @.
    const localPart = user.email.split('@')[0]!;
    await page.getByLabel(field('Neues Passwort')).fill(`${localPart}-Passwort!`);
    await page.getByLabel(field('Neues Passwort wiederholen')).fill(`${localPart}-Passwort!`);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByLabel(field('Neues Passwort'))).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(link);

    const newPassword = `Neu-${randomUUID().slice(0, 12)}-Wort!`;
    await page.getByLabel(field('Neues Passwort')).fill(newPassword);
    await page.getByLabel(field('Neues Passwort wiederholen')).fill(newPassword);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page).toHaveURL('/login/?reason=password-set');
    await expect(page.getByTestId('login-notice')).toHaveText(
      'Ihr neues Passwort ist gespeichert. Sie können sich jetzt damit anmelden.',
    );

    await signInWithForm(page, user.email, user.password);
    await expect(page.getByTestId('login-error')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
    await signInWithForm(page, user.email, newPassword);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Guten Tag, ${user.name}!`);

    // The link works once only.
    const again = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueIp() } });
    const guest = await again.newPage();
    await guest.goto(link);
    await guest.getByLabel(field('Neues Passwort')).fill(`${newPassword}2`);
    await guest.getByLabel(field('Neues Passwort wiederholen')).fill(`${newPassword}2`);
    await guest.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(guest.getByTestId('token-problem')).toHaveAttribute('data-problem', 'used');
    await expect(guest.getByRole('heading', { name: 'Der Link wurde bereits verwendet' })).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/pw-vergessen/');
    await again.close();
  });

  test('the public forms check what is typed in the browser before anything is sent', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(request.url());
    });
    await page.goto('/pw-vergessen/');
    const email = page.getByLabel(field('E-Mail-Adresse'));
    await email.fill('keine-adresse');
    await email.blur();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Keine gültige E-Mail-Adresse.')).toBeVisible();
    await email.fill('jemand@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid');

    await page.goto('/pw-reset/?token=garbage');
    const password = page.getByLabel(field('Neues Passwort'));
    const repeat = page.getByLabel(field('Neues Passwort wiederholen'));
    await password.fill('kurz');
    await repeat.fill('anders');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    // The summary takes the focus and names both fields; nothing went to the server.
    const summary = page.getByTestId('form-error-summary');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Neues Passwort wiederholen');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(repeat).toHaveAccessibleDescription('Die beiden Passwörter stimmen nicht überein.');
    expect(sent).toEqual([]);
  });

  test('an unusable link explains what happened and offers a way forward', async ({ page }) => {
    await page.goto('/pw-reset/?token=garbage');
    await page.getByLabel(field('Neues Passwort')).fill('Ein-langes-Passwort-2026');
    await page.getByLabel(field('Neues Passwort wiederholen')).fill('Ein-langes-Passwort-2026');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByRole('heading', { name: 'Der Link ist ungültig' })).toBeVisible();
    await expect(page.getByTestId('token-problem')).toContainText('Fordern Sie einen neuen Link an');
    await page.getByRole('link', { name: 'Neuen Link anfordern' }).click();
    await expect(page).toHaveURL('/pw-vergessen/');

    await page.goto('/pw-reset/');
    await expect(page.getByRole('heading', { name: 'Der Link ist unvollständig' })).toBeVisible();

    await page.goto(`/aktivierung/?token=${'A'.repeat(43)}`);
    await page.getByLabel(field('Neues Passwort')).fill('Ein-langes-Passwort-2026');
    await page.getByLabel(field('Neues Passwort wiederholen')).fill('Ein-langes-Passwort-2026');
    await page.getByRole('button', { name: 'Zugang aktivieren' }).click();
    await expect(page.getByRole('heading', { name: 'Der Link ist ungültig' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/pw-vergessen/');

    // The confirmation page does nothing on opening; the button sends the token.
    await page.goto(`/bestaetigung/?token=${'B'.repeat(43)}`);
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await expect(page.getByRole('heading', { name: 'Der Link ist ungültig' })).toBeVisible();
    await expect(page.getByTestId('token-problem')).toContainText('im Profil erneut');
  });

  test('an e-mail change takes effect when the link to the new address is confirmed', async ({ page, api, signIn }) => {
    const user = await createActiveUser(api, 'umzug');
    await signIn(user.email, user.password);
    await page.goto('/profil/');
    await expect(page.getByTestId('profile-email')).toHaveText(user.email);

    const newEmail = `umgezogen-${randomUUID().slice(0, 8)}@example.com`;
    const emailForm = page.getByTestId('email-change-form');
    await emailForm.getByLabel(field('Neue E-Mail-Adresse')).fill(newEmail);
    await emailForm.getByLabel(field('Aktuelles Passwort')).fill('falsches-Passwort-123');
    await emailForm.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await expect(emailForm.getByLabel(field('Aktuelles Passwort'))).toHaveAttribute('aria-invalid', 'true');
    await emailForm.getByLabel(field('Aktuelles Passwort')).fill(user.password);
    await emailForm.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await expect(page.getByTestId('email-change-sent')).toContainText(`Wir haben eine E-Mail an ${newEmail} gesendet.`);

    const mail = await latestMailTo(api, user.adminToken, newEmail, { template: 'email_confirmation' });
    const link = linkFrom(mail);
    expect(link).toMatch(/^\/bestaetigung\/\?token=/);
    // Opening the link changes nothing yet (mail scanners open links too).
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse bestätigen' })).toBeVisible();
    await page.goto('/profil/');
    await expect(page.getByTestId('profile-email')).toHaveText(user.email);

    await page.goto(link);
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await expect(page.getByTestId('email-confirmed')).toHaveText(
      'Ihre neue E-Mail-Adresse ist bestätigt. Melden Sie sich künftig mit dieser Adresse an.',
    );
    await page.getByRole('link', { name: 'Zum Profil' }).click();
    await expect(page.getByTestId('profile-email')).toHaveText(newEmail);

    // The link is used up; and the new address is the sign-in name now.
    await page.goto(link);
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await expect(page.getByRole('heading', { name: 'Der Link wurde bereits verwendet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Profil' })).toHaveAttribute('href', '/profil/');
    await api.login(newEmail, user.password);
  });

  test('"Überall sonst abmelden" ends the session of a second browser', async ({ page, api, browser, signIn }) => {
    const user = await createActiveUser(api, 'sitzungen');
    await signIn(user.email, user.password);

    const other = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': uniqueIp() },
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
    });
    const otherPage = await other.newPage();
    await signInAs(otherPage, user.email, user.password);
    await otherPage.goto('/');
    await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText(`Guten Tag, ${user.name}!`);

    await page.goto('/profil/');
    const sessions = page.getByTestId('sessions');
    await expect(sessions.locator('tbody tr')).toHaveCount(2);
    await expect(sessions.getByTestId('current-session')).toHaveCount(1);
    await expect(sessions.locator('tbody tr').filter({ hasNot: page.getByTestId('current-session') })).toContainText(
      'Firefox 128',
    );

    await sessions.getByRole('button', { name: 'Überall sonst abmelden' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Ihre andere Sitzung wird sofort beendet.');
    await dialog.getByRole('button', { name: 'Überall sonst abmelden' }).click();
    await expect(page.getByText('Sie wurden überall sonst abgemeldet.')).toBeVisible();
    await expect(sessions.locator('tbody tr')).toHaveCount(1);

    await otherPage.goto('/profil/');
    await expect(otherPage).toHaveURL(/\/login\/\?reason=expired/);
    await expect(otherPage.getByText('Ihre Sitzung ist abgelaufen oder wurde beendet.')).toBeVisible();
    await other.close();

    // This browser stays signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  });

  test('a locked user is signed out on the next request', async ({ page, api, browser, signIn }) => {
    const user = await createActiveUser(api, 'gesperrt');
    await signIn(user.email, user.password);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Guten Tag, ${user.name}!`);

    const adminContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueIp() } });
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, 'admin');
    await adminPage.goto(`/benutzer/${user.id}/`);
    await adminPage.getByTestId('user-actions').getByRole('button', { name: 'Sperren' }).click();
    const dialog = adminPage.getByRole('dialog');
    await expect(dialog).toContainText(`${user.name} wird sofort abgemeldet`);
    await dialog.getByRole('button', { name: 'Sperren' }).click();
    await expect(adminPage.getByText(`${user.name} wurde gesperrt.`)).toBeVisible();
    await expect(adminPage.getByTestId('status-badge').first()).toHaveText('Gesperrt');

    await page.goto('/profil/');
    await expect(page).toHaveURL(/\/login\/\?reason=expired&callbackUrl=%2Fprofil%2F$/);
    await expect(page.getByText('Ihre Sitzung ist abgelaufen oder wurde beendet.')).toBeVisible();
    await signInWithForm(page, user.email, user.password);
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page).toHaveURL(/\/login\//);

    await adminPage.getByTestId('user-actions').getByRole('button', { name: 'Entsperren' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Entsperren' }).click();
    await expect(adminPage.getByTestId('status-badge').first()).toHaveText('Aktiv');
    await adminContext.close();
  });

  test('the profile saves the name, changes the password and switches the language at once', async ({
    page,
    api,
    signIn,
  }) => {
    const user = await createActiveUser(api, 'profil');
    await signIn(user.email, user.password);
    await page.goto('/profil/');
    await expect(page).toHaveTitle('Profil · Employee Benefits Master Tool');

    await page.getByRole('textbox', { name: 'Vorname' }).fill('Ina');
    await page.getByTestId('profile-form').getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Ihre Angaben wurden gespeichert.')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText('Ina ');

    const passwordForm = page.getByTestId('password-change-form');
    const newPassword = `Profil-${randomUUID().slice(0, 12)}-Wort!`;
    await passwordForm.getByLabel(field('Aktuelles Passwort')).fill('falsches-Passwort-123');
    await passwordForm.getByLabel(field('Neues Passwort')).fill(newPassword);
    await passwordForm.getByLabel(field('Neues Passwort wiederholen')).fill(newPassword);
    await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(passwordForm.getByLabel(field('Aktuelles Passwort'))).toHaveAttribute('aria-invalid', 'true');
    await passwordForm.getByLabel(field('Aktuelles Passwort')).fill(user.password);
    await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page.getByText('Ihr Passwort wurde geändert. Ihre anderen Sitzungen wurden beendet.')).toBeVisible();
    await expect(passwordForm.getByLabel(field('Aktuelles Passwort'))).toHaveValue('');
    await api.login(user.email, newPassword);

    await page.getByTestId('profile-language').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByTestId('profile-language')).toHaveValue('en');
    await page.getByTestId('profile-language').selectOption('de');
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  });
});
