import { randomUUID } from 'node:crypto';
import { createAccount, openSession } from '../fixtures/accounts';
import { expect, test } from '../fixtures/auth';
import { axeViolations } from '../fixtures/axe';

/**
 * Lists on a phone (issue 49): below 576 px each row of a list is a card — the name as the link, the
 * two or three columns the list's descriptor marks, the status badge and the row's checkbox — and
 * sorting and filters stay within reach; from 576 px up the table is unchanged. One markup for both
 * (CSS), so the cards cost the RSC payload nothing per row.
 */
test.use({ viewport: { width: 390, height: 844 } });
// Six lists, each with axe, on a shared two-core machine.
test.describe.configure({ timeout: 240_000 });

test('a sales partner works through the accounts list on a phone', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/accounts/?q=M%C3%BCller%20Logistik');
  const table = page.getByRole('table', { name: 'Liste der Konten' });
  const card = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Müller Logistik GmbH', exact: true }) });
  await expect(card).toBeVisible();

  // A card, not a table row: the name on top beside its checkbox, the marked columns with their labels.
  expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe('grid');
  const name = card.getByRole('rowheader');
  await expect(name).toBeVisible();
  const checkbox = card.getByRole('checkbox', { name: 'Müller Logistik GmbH auswählen' });
  await expect(checkbox).toBeVisible();
  const [nameBox, checkboxBox] = [await name.boundingBox(), await checkbox.boundingBox()];
  expect(Math.abs((nameBox?.y ?? 0) - (checkboxBox?.y ?? 100))).toBeLessThan(24);
  await expect(card.locator('[data-label="Kundennummer"]')).toBeVisible();
  await expect(card.locator('[data-label="Status"]').locator('.badge')).toBeVisible();
  const cells = card.locator('td:visible, th:visible');
  // The checkbox, the name and the three marked columns: the legal form, the distributor and the date hide.
  await expect(cells).toHaveCount(5);
  await expect(card.locator('.card-off').first()).toBeHidden();

  // Nothing scrolls sideways: the card fits the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  const cardBox = await card.boundingBox();
  expect((cardBox?.x ?? -1) >= 0 && (cardBox?.x ?? 0) + (cardBox?.width ?? 999) <= 390).toBe(true);
  expect(await axeViolations(page)).toEqual([]);

  // The row's checkbox selects it: the bulk bar counts it.
  await checkbox.check();
  await expect(checkbox).toBeChecked();
  await expect(page.getByText(/1 ausgewählt/)).toBeVisible();
  await checkbox.uncheck();

  // Sorting stays within reach: the sortable headers are a row of links above the cards.
  const sortByNumber = page.getByTestId('sort-customerNumber');
  await expect(sortByNumber).toBeInViewport();
  await expect(page.getByTestId('sort-updatedAt')).toBeVisible();
  await sortByNumber.click();
  await expect(page).toHaveURL(/sort=customerNumber/);
  // … and so do the filters.
  const filters = page.getByRole('search', { name: 'Suche und Filter' });
  await filters.getByLabel('Status', { exact: true }).selectOption('active');
  await expect(page).toHaveURL(/status=active/);
  await expect(card).toBeVisible();

  // The name is the link to the account.
  await card.getByRole('link', { name: 'Müller Logistik GmbH', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Müller Logistik GmbH' })).toBeVisible();
});

test('every list is cards below 576 px and a table from 576 px up', async ({ page, signIn }) => {
  await signIn('admin');
  for (const path of [
    '/accounts/',
    '/benutzer/',
    '/dokumente/',
    '/freigaben/?status=all',
    '/tasks/?view=all',
    '/whitelist/',
  ]) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const firstRow = page.locator('.table-cards tbody tr').first();
    await expect(firstRow, path).toBeVisible();
    expect(await firstRow.evaluate((row) => getComputedStyle(row).display), path).toBe('grid');
    await expect(firstRow.getByRole('rowheader').getByRole('link'), path).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBe(0);
    expect(await axeViolations(page), path).toEqual([]);
    await page.setViewportSize({ width: 576, height: 844 });
    expect(await firstRow.evaluate((row) => getComputedStyle(row).display), path).toBe('table-row');
  }
});

test('a name without a break point wraps inside its card: the page never scrolls sideways', async ({
  page,
  signIn,
  api,
}) => {
  // Names come from people and imports: a formula an export test writes, a URL, a pasted token.
  const marker = randomUUID().slice(0, 8);
  const admin = await openSession(api, 'admin');
  await createAccount(admin, 'x', { name: `=HYPERLINK("https://evil.example/${marker}";"Klick")${'Ü'.repeat(40)}` });
  await signIn('admin');
  await page.goto(`/accounts/?q=${marker}`);
  const card = page.locator('.table-cards tbody tr').first();
  await expect(card.getByRole('rowheader').getByRole('link')).toContainText(marker);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  const [cardBox, nameBox] = [await card.boundingBox(), await card.getByRole('rowheader').boundingBox()];
  expect((nameBox?.x ?? 0) + (nameBox?.width ?? 0)).toBeLessThanOrEqual((cardBox?.x ?? 0) + (cardBox?.width ?? 0));

  // Its record page too: the heading and the fields that show the name wrap.
  await card.getByRole('rowheader').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(marker);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});
