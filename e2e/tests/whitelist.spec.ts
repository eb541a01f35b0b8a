import { randomUUID } from 'node:crypto';
import { bearer } from '../fixtures/api';
import { expect, test } from '../fixtures/auth';
import { demoUser } from '../fixtures/demo-users';

/**
 * The whitelist journey (SPEC §4 Whitelist CSV import): a file with two bad rows is checked, the
 * report names their lines, the fixed file is imported, and the entries are listed and allowed by
 * the portal's check. On an account of this test's own, so no other test's entries get in the way.
 */
test.describe('whitelist', () => {
  test.describe.configure({ timeout: 120_000 });

  test('CSV import: the report names the bad lines, the fixed file is imported and checked', async ({
    page,
    api,
    signIn,
  }) => {
    const admin = demoUser('admin');
    const token = (await api.login(admin.email, admin.password)).id_token;
    const accountName = `AAA Whitelist ${randomUUID().slice(0, 8)} GmbH`;
    const created = await api.post('/api/v1/accounts/', {
      headers: bearer(token),
      data: { name: accountName, legalForm: 'GmbH', street: 'Teststraße 1', zip: '10115', city: 'Berlin' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const account = (await created.json()) as { id: string };
    const tag = randomUUID().slice(0, 8);

    await signIn('admin');
    await page.goto(`/accounts/${account.id}/?tab=whitelist`);
    await expect(page.getByTestId('account-whitelist')).toContainText('Keine Einträge');
    await page.getByTestId('account-whitelist').getByRole('link', { name: 'CSV importieren' }).click();
    await expect(page).toHaveURL(`/whitelist/neu/import/?accountId=${account.id}`);
    // The import's address before it had a page of its own still leads there.
    await page.goto(`/whitelist/neu/?accountId=${account.id}&mode=import`);
    await expect(page).toHaveURL(`/whitelist/neu/import/?accountId=${account.id}`);
    await expect(page).toHaveTitle('Whitelist-Eintrag anlegen · Employee Benefits Master Tool');
    const upload = page.getByTestId('whitelist-import');
    await expect(upload.getByRole('combobox', { name: 'Konto' })).toHaveValue(account.id);

    const bad = [
      'value;note;validUntil',
      `anna.${tag}@example.com;Büro;31.12.2030`,
      'kaputt@;;',
      `grüße-${tag}.de;Alle mit Firmenadresse;`,
      `bert.${tag}@example.com;;31.02.2030`,
    ].join('\r\n');
    await upload.getByLabel('CSV-Datei').setInputFiles({
      name: 'whitelist.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${bad}\r\n`),
    });
    await upload.getByRole('button', { name: 'Datei prüfen' }).click();
    await expect(page.getByTestId('import-summary')).toHaveText('4 Zeilen gelesen: 2 neu, 0 Duplikate, 2 Fehler.');
    const issues = page.getByTestId('import-issues').locator('tbody tr');
    await expect(issues).toHaveCount(2);
    await expect(issues.nth(0).getByRole('rowheader')).toHaveText('3');
    await expect(issues.nth(0)).toContainText('Keine gültige E-Mail-Adresse.');
    await expect(issues.nth(1).getByRole('rowheader')).toHaveText('5');
    await expect(issues.nth(1)).toContainText('Kein gültiges Datum');
    await expect(upload.getByRole('button', { name: /importieren/ })).toHaveCount(0);

    const fixed = [
      'value;note;validUntil',
      `anna.${tag}@example.com;Büro;31.12.2030`,
      `carla.${tag}@example.com;;`,
      `grüße-${tag}.de;Alle mit Firmenadresse;`,
      `bert.${tag}@example.com;;28.02.2030`,
    ].join('\r\n');
    await upload.getByLabel('CSV-Datei').setInputFiles({
      name: 'whitelist.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${fixed}\r\n`),
    });
    await upload.getByRole('button', { name: 'Datei prüfen' }).click();
    await expect(page.getByTestId('import-summary')).toHaveText('4 Zeilen gelesen: 4 neu, 0 Duplikate, 0 Fehler.');
    await expect(page.getByTestId('import-preview')).toContainText(`grüße-${tag}.de`);
    await upload.getByRole('button', { name: '4 Einträge importieren' }).click();

    await expect(page).toHaveURL(`/whitelist/?accountId=${account.id}`);
    await expect(page.getByText('4 Einträge wurden importiert.')).toBeVisible();
    const table = page.getByRole('table', { name: /Whitelist-Einträge/ });
    for (const value of [
      `anna.${tag}@example.com`,
      `bert.${tag}@example.com`,
      `carla.${tag}@example.com`,
      `grüße-${tag}.de`,
    ]) {
      await expect(table.getByRole('link', { name: value })).toBeVisible();
    }

    // The portal's check allows an address of the domain and a listed address, not another one.
    const check = page.getByTestId('whitelist-check');
    await check.getByLabel('E-Mail-Adresse').fill(`Jemand@GRÜSSE-${tag}.de`.replace('SS', 'ß'));
    await check.getByRole('button', { name: 'Prüfen' }).click();
    await expect(page.getByTestId('whitelist-check-result')).toContainText('darf sich im Portal registrieren');
    await check.getByLabel('E-Mail-Adresse').fill(`carla.${tag}@example.com`);
    await check.getByRole('button', { name: 'Prüfen' }).click();
    await expect(page.getByTestId('whitelist-check-result')).toContainText('darf sich im Portal registrieren');
    await check.getByLabel('E-Mail-Adresse').fill(`niemand.${tag}@example.com`);
    await check.getByRole('button', { name: 'Prüfen' }).click();
    await expect(page.getByTestId('whitelist-check-result')).toContainText('steht nicht auf der Whitelist');

    // One entry: edit its note, see the history, delete it.
    await table.getByRole('link', { name: `carla.${tag}@example.com` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`carla.${tag}@example.com`);
    await page.getByRole('link', { name: 'Bearbeiten' }).first().click();
    await page.getByRole('textbox', { name: 'Notiz' }).fill('Aushilfe');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Der Eintrag wurde gespeichert.')).toBeVisible();
    await page
      .getByRole('navigation', { name: `carla.${tag}@example.com` })
      .getByRole('link', { name: 'Historie' })
      .click();
    await expect(page.getByTestId('whitelist-history')).toContainText('Geändert');
    // Opened directly, the edit tab loads its form (a chunk of its own) and saves as well.
    await page.goto(`${new URL(page.url()).pathname}?tab=edit`);
    const note = page.getByRole('textbox', { name: 'Notiz' });
    await expect(note).toHaveValue('Aushilfe');
    await note.fill('Aushilfe im Sommer');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Der Eintrag wurde gespeichert.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Aushilfe im Sommer' })).toBeVisible();
    await page.getByTestId('whitelist-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(page).toHaveURL(`/whitelist/?accountId=${account.id}`);
    await expect(
      page.getByRole('table', { name: /Whitelist-Einträge/ }).getByRole('link', { name: `carla.${tag}@example.com` }),
    ).toHaveCount(0);

    // One entry by hand: the value is checked in the form, then stored normalised.
    await page.goto(`/whitelist/neu/?accountId=${account.id}`);
    const form = page.getByTestId('whitelist-form');
    await expect(form.getByRole('combobox', { name: 'Konto' })).toHaveValue(account.id);
    await form.getByRole('textbox', { name: /^E-Mail-Adresse oder Domain/ }).fill('keine domain');
    await form.getByRole('button', { name: 'Anlegen' }).click();
    await expect(form.getByText('Keine gültige Domain (z. B. firma.de).').first()).toBeVisible();
    await form.getByRole('textbox', { name: /^E-Mail-Adresse oder Domain/ }).fill(`Dora@Bäckerei-${tag}.DE`);
    await form.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`dora@bäckerei-${tag}.de`);
    await expect(page.getByText(`dora@bäckerei-${tag}.de steht jetzt auf der Whitelist.`)).toBeVisible();
  });

  test('more than 1,000 entries: the list and the account say "mehr als 1.000", sorted by "gültig bis" both ways', async ({
    page,
    api,
    signIn,
  }) => {
    const admin = demoUser('admin');
    const headers = bearer((await api.login(admin.email, admin.password)).id_token);
    const created = await api.post('/api/v1/accounts/', {
      headers,
      data: { name: `AAA Whitelist ${randomUUID().slice(0, 8)} GmbH`, legalForm: 'GmbH' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const account = (await created.json()) as { id: string };
    const tag = randomUUID().slice(0, 8);
    // 1,001 entries; the first two with a day, the others valid for ever.
    const lines = Array.from(
      { length: 1_001 },
      (_, index) => `n${index}.${tag}@example.com;;${['31.12.2031', '01.06.2030'][index] ?? ''}`,
    );
    const imported = await api.post(`/api/v1/whitelist/import/?accountId=${account.id}`, {
      headers: { ...headers, 'content-type': 'text/csv' },
      data: Buffer.from(['value;note;validUntil', ...lines].join('\n')),
    });
    expect(imported.status(), await imported.text()).toBe(200);

    await signIn('admin');
    await page.goto(`/accounts/${account.id}/?tab=whitelist`);
    await expect(page.getByTestId('account-whitelist-count')).toHaveText('Mehr als 1.000 Einträge');

    await page.goto(`/whitelist/?accountId=${account.id}`);
    await expect(page.getByTestId('pagination-range')).toHaveText('1–20 von mehr als 1.000');
    await expect(page.getByRole('link', { name: 'Letzte Seite' })).toHaveAttribute(
      'href',
      `/whitelist/?accountId=${account.id}&page=51`,
    );
    const table = page.getByRole('table', { name: /Whitelist-Einträge/ });
    const rows = table.locator('tbody tr');
    await page.getByTestId('sort-validUntil').click();
    await expect(page).toHaveURL(/sort=validUntil/);
    // Ascending: the earliest day first, the entries without a day (valid for ever) last.
    await expect(rows.first().getByRole('rowheader')).toHaveText(`n1.${tag}@example.com`);
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText(`n0.${tag}@example.com`);
    await page.getByTestId('sort-validUntil').click();
    await expect(page).toHaveURL(/order=desc/);
    // Descending, the exact reverse: those without a day first, the two days on the last page.
    await expect(rows.first()).toContainText('unbefristet');
    await page.goto(`/whitelist/?accountId=${account.id}&sort=validUntil&order=desc&page=51`);
    await expect(page.getByTestId('pagination-range')).toHaveText('1.001–1.001 von mehr als 1.000');
    await expect(rows.last().getByRole('rowheader')).toHaveText(`n1.${tag}@example.com`);
  });
});
