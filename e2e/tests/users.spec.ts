import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { bearer, uniqueIp } from '../fixtures/api';
import { expect, test } from '../fixtures/auth';
import { demoUser } from '../fixtures/demo-users';
import { createAccount, openSession } from '../fixtures/accounts';
import { latestMailTo, linkFrom } from '../fixtures/mail';
import { activeUser, inviteUser } from '../fixtures/users';

/** A form field by its label; required fields add a "*" to the label's text. */
const field = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

const table = (page: Page) => page.getByRole('table', { name: 'Liste der Benutzer' });

test.describe('users', () => {
  // Journeys of several pages and mails: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('the admin invites a manager, who activates the access from the mail and signs in', async ({
    browser,
    page,
    api,
    signIn,
  }) => {
    const admin = demoUser('admin');
    const adminToken = (await api.login(admin.email, admin.password)).id_token;
    // An account of this test's own, named to sort first among the picker's options.
    const accountName = `AAA Einladung ${randomUUID().slice(0, 8)} GmbH`;
    const created = await api.post('/api/v1/accounts/', {
      headers: bearer(adminToken),
      data: { name: accountName, legalForm: 'GmbH', street: 'Teststraße 1', zip: '10115', city: 'Berlin' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const account = (await created.json()) as { id: string };

    const suffix = randomUUID().slice(0, 8);
    const email = `neu.manager-${suffix}@example.com`;
    const firstName = 'Nele';
    const lastName = `Neumann ${suffix}`;

    await signIn('admin');
    // From the account's Benutzer tab: nobody yet, and the invitation starts for this account.
    await page.goto(`/accounts/${account.id}/?tab=users`);
    await expect(
      page.getByRole('navigation', { name: accountName }).getByRole('link', { name: 'Benutzer' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Diesem Konto sind keine Benutzer zugeordnet.')).toBeVisible();
    await page.getByTestId('account-users').getByRole('link', { name: 'Benutzer einladen' }).click();
    await expect(page).toHaveURL(`/benutzer/neu/?accountId=${account.id}`);
    await expect(page).toHaveTitle('Benutzer einladen · Employee Benefits Master Tool');

    // Nothing is sent with errors; they are named at the fields.
    await page.getByRole('combobox', { name: 'Rolle' }).selectOption({ label: 'Administrator' });
    await expect(page.getByTestId('approval-notice')).toContainText('zweite Person mit Freigaberecht');
    await page.getByRole('button', { name: 'Einladung senden' }).click();
    await expect(page.getByTestId('form-error-summary')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByRole('textbox', { name: 'Vorname' }).fill(firstName);
    await page.getByRole('textbox', { name: 'Nachname' }).fill(lastName);
    await page.getByRole('combobox', { name: 'Rolle' }).selectOption({ label: 'Manager' });
    await expect(page.getByTestId('approval-notice')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Konto' })).toHaveValue(account.id);
    await page.getByRole('button', { name: 'Einladung senden' }).click();

    await expect(page.getByText(`Die Einladung an ${email} wurde verschickt.`)).toBeVisible();
    await expect(page).toHaveURL(/\/benutzer\/[0-9a-f-]{36}\/$/);
    const userUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: `${firstName} ${lastName}` })).toBeVisible();
    await expect(page.getByTestId('status-badge').first()).toHaveText('Eingeladen');
    await expect(page.getByRole('link', { name: accountName })).toBeVisible();
    await expect(
      page.getByTestId('user-actions').getByRole('button', { name: 'Einladung erneut senden' }),
    ).toBeVisible();

    // The invitation is in the outbox; its link opens in a browser that knows nobody.
    const mail = await latestMailTo(api, adminToken, email, { template: 'activation' });
    const activationLink = linkFrom(mail);
    expect(activationLink).toMatch(/^\/aktivierung\/\?token=/);
    const stranger = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueIp() } });
    const guest = await stranger.newPage();
    await guest.goto(activationLink);
    await expect(guest.getByRole('heading', { level: 1, name: 'Zugang aktivieren' })).toBeVisible();
    await expect(guest.getByText('ist 12 bis 128 Zeichen lang')).toBeVisible();
    const password = `Aktiv-${randomUUID().slice(0, 12)}-Wort!`;
    await guest.getByLabel(field('Neues Passwort')).fill(password);
    await guest.getByLabel(field('Neues Passwort wiederholen')).fill(`${password}x`);
    await guest.getByRole('button', { name: 'Zugang aktivieren' }).click();
    await expect(guest.getByText('Die beiden Passwörter stimmen nicht überein.').first()).toBeVisible();
    await guest.getByLabel(field('Neues Passwort wiederholen')).fill(password);
    await guest.getByRole('button', { name: 'Zugang aktivieren' }).click();

    await expect(guest).toHaveURL('/login/?reason=activated');
    await expect(guest.getByTestId('login-notice')).toHaveText(
      'Ihr Zugang ist aktiviert. Sie können sich jetzt mit Ihrem Passwort anmelden.',
    );
    await guest.getByLabel('E-Mail-Adresse').fill(email);
    await guest.getByLabel('Passwort').fill(password);
    await guest.getByRole('button', { name: 'Anmelden' }).click();
    await expect(guest).toHaveURL('/');
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(`Guten Tag, ${firstName} ${lastName}!`);
    await expect(guest.getByTestId('role')).toHaveText('Sie sind angemeldet als Manager.');
    await stranger.close();

    // The admin now sees the user as active, and edits the phone number.
    await page.goto(userUrl);
    await expect(page.getByTestId('status-badge').first()).toHaveText('Aktiv');
    await page.getByTestId('user-actions').getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(page).toHaveURL(`${userUrl}edit/`);
    await page.getByRole('textbox', { name: 'Telefon' }).fill('+49 40 5550 1234');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible();
    await expect(page).toHaveURL(userUrl);
    await expect(page.locator('dd', { hasText: '+49 40 5550 1234' })).toBeVisible();
    await page.goto(`/accounts/${account.id}/?tab=users`);
    await expect(
      page.getByTestId('account-users').getByRole('link', { name: `${firstName} ${lastName}` }),
    ).toBeVisible();
  });

  test('the manager sees only their account’s managers and cannot invite', async ({ page, api, signIn }) => {
    const admin = await openSession(api, 'admin');
    // A tree of the test's own: users of a deployment add managers to the demo trees.
    const root = await createAccount(admin, 'Managersicht');
    const branch = await createAccount(admin, 'unused', { name: `${root.name} Nord`, parentId: root.id });
    const elsewhere = await createAccount(admin, 'Fremdfirma');
    const manager = await activeUser(api, admin, 'Managersicht', { role: 'manager', accountId: root.id });
    const colleague = await inviteUser(admin, 'Kollege', { role: 'manager', accountId: branch.id });
    const stranger = await inviteUser(admin, 'Fremd', { role: 'manager', accountId: elsewhere.id });
    const colleagueName = `${colleague.firstName} ${colleague.lastName}`;

    await signIn(manager.email, manager.password);
    await page.goto('/benutzer/');
    await expect(page).toHaveTitle('Benutzer · Employee Benefits Master Tool');
    await expect(page.getByRole('link', { name: 'Benutzer einladen' })).toHaveCount(0);
    const rows = table(page).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(table(page).getByRole('link', { name: manager.name })).toBeVisible();
    await expect(table(page).getByRole('link', { name: colleagueName })).toBeVisible();
    for (const text of await rows.allInnerTexts()) {
      expect(text).toMatch(/Manager/);
      expect(text).toContain(root.name);
    }
    // Managers of other employers are out of reach, even by search.
    await page.goto(`/benutzer/?q=${encodeURIComponent(stranger.lastName)}`);
    await expect(table(page)).toContainText('Keine Einträge entsprechen Ihrer Suche');

    // Their own page points to the profile; a colleague's page has no actions.
    await page.goto('/benutzer/');
    await table(page).getByRole('link', { name: manager.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: manager.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Eigenes Profil bearbeiten' })).toBeVisible();
    await page.goBack();
    await table(page).getByRole('link', { name: colleagueName }).click();
    await expect(page.getByRole('heading', { level: 1, name: colleagueName })).toBeVisible();
    await expect(page.getByText(branch.name).first()).toBeVisible();
    await expect(page.getByTestId('user-actions')).toHaveCount(0);
    const response = await page.goto('/benutzer/neu/');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Keine Berechtigung' })).toBeVisible();
  });

  test('the admin filters, sorts and searches the list; the state lives in the URL', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/benutzer/');
    await page.getByLabel('Rolle').selectOption('distributor');
    await expect(page).toHaveURL('/benutzer/?role=distributor');
    // Other tests invite distributors too, so a known one need not be on page 1: every row is one.
    await expect(table(page).locator('tbody tr').first()).toContainText('Vertrieb');
    for (const text of await table(page).locator('tbody tr').allInnerTexts()) expect(text).toMatch(/Vertrieb/);

    await page.getByLabel('Status').selectOption('invited');
    await expect(page).toHaveURL('/benutzer/?role=distributor&status=invited');
    await page.getByLabel('Rolle').selectOption('');
    await expect(page).toHaveURL('/benutzer/?status=invited');
    await expect(table(page).locator('tbody tr').first()).toBeVisible();
    for (const text of await table(page).locator('tbody tr').allInnerTexts()) expect(text).toMatch(/Eingeladen/);

    await page.goto('/benutzer/?q=innendienst%40example.com');
    await expect(table(page).getByRole('link', { name: 'Birgit Becker' })).toBeVisible();
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    const exportHref = await page.getByTestId('list-export').getAttribute('href');
    expect(exportHref).toMatch(/^\/api\/ui\/export\/users\.csv\?.*q=innendienst%40example\.com/);
    const csv = await page.request.get(exportHref!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('innendienst@example.com');

    await page.goto('/benutzer/');
    await table(page)
      .getByRole('link', { name: /^E-Mail/ })
      .click();
    await expect(page).toHaveURL('/benutzer/?sort=email&order=asc');
    await expect(table(page).getByRole('columnheader', { name: /^E-Mail/ })).toHaveAttribute('aria-sort', 'ascending');
  });
});
