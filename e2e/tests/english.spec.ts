import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { accountPath, createAccount, expectJson, openSession, type AccountRecord } from '../fixtures/accounts';

/**
 * The English UI shows no German (issue 9): validation messages, the conflict panel, toasts and
 * the CSV export's header row come from the catalogue by code, never from the API's German
 * `message`. Names the test itself chose are plain English, so any German word is the UI's own.
 */

// Words and letters an English screen has no business showing.
const GERMAN =
  /[äöüÄÖÜß]|\b(und|der|die|das|nicht|bitte|Bitte|Konto|Konten|Speichern|Änderungen|Benutzer|Abbrechen|Pflichtfeld|Mindestens|Höchstens|Zeichen|Ungültig|Eingaben|fehlgeschlagen|gespeichert|Rechtsform|Kundennummer|Vertrieb|Gesperrt|Entwurf|Aktiv|Angelegt)\b/;

async function expectNoGerman(page: Page) {
  // The screen's own words: without the pickers' options, which list people other tests named.
  const text = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('script, style, template, select, datalist').forEach((element) => element.remove());
    return copy.innerText || copy.textContent || '';
  });
  expect(text.match(GERMAN)?.[0] ?? null, text.slice(0, 2000)).toBeNull();
}

test.use({ locale: 'en-GB' });

test('in English: an invalid account form, a conflict and a CSV export show no German word', async ({
  page,
  signIn,
  api,
  baseURL,
}) => {
  test.slow();
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: baseURL! }]);
  await signIn('backoffice');

  // 1. An invalid form: the browser's checks and the schema's own messages, in English.
  await page.goto('/accounts/neu/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/account/i);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('X');
  await page.getByRole('combobox', { name: 'Legal form' }).selectOption('AG');
  await page.getByLabel('VAT ID').fill('123');
  await page.getByLabel('Contact phone').fill('call me');
  await page.getByRole('button', { name: 'Create account' }).click();
  const summary = page.getByTestId('form-error-summary');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('At least 2 characters.');
  await expect(summary).toContainText('VAT ID: DE and 9 digits.');
  await expect(summary).toContainText('Only digits, spaces and + ( ) / -.');
  await expectNoGerman(page);

  // 2. A conflict: someone else saves first; the panel and its toast speak English.
  const name = `English Journey ${Date.now()} Ltd`;
  const backoffice = await openSession(api, 'backoffice');
  const account = await createAccount(backoffice, 'English', { name, street: 'Main Street 1', city: 'Boston' });
  await page.goto(`/accounts/${account.id}/edit/`);
  await expect(page.getByLabel('City')).toHaveValue('Boston');
  await expectJson<AccountRecord>(
    await backoffice.patch(accountPath(account.id), { city: 'Chicago' }, { 'if-match': `W/"${account.version}"` }),
    200,
  );
  await page.getByLabel('City').fill('Denver');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Someone else has changed this account in the meantime.')).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Denver');
  await expectNoGerman(page);

  // 3. The CSV export of the filtered list: its header row is English.
  await page.goto(`/accounts/?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expectNoGerman(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export as CSV' }).click(),
  ]);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, row] = csv.split('\r\n');
  expect(header).toBe('Customer number;Name;Legal form;Status;Postcode;City;Distributor;Employees;Created;Updated');
  expect(header).not.toMatch(GERMAN);
  expect(row).toContain(name);
  expect(row).toContain(';Draft;');
});
