import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';

/**
 * The account import journey (issue 49): an administrator brings a tree of five accounts in one
 * Excel file made here — children before their parent, naming it by name in the same file, the
 * benefits as columns, the distributor by e-mail — reads the dry run's report, confirms, opens the
 * stored report and finds the accounts in the list, the child under its parent. Every name carries
 * this run's tag: tests run in parallel and nothing here counts what others create.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DISTRIBUTOR = 'vertrieb@example.com'; // a demo distributor

async function treeWorkbook(t: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Konten');
  sheet.addRow([
    'Name',
    'Rechtsform',
    'Übergeordnetes Konto',
    'Vertriebspartner',
    'PLZ',
    'Ort',
    'Mitarbeitende',
    'sachbezug',
    'jobticket',
  ]);
  // Children first: a parent is found by its name anywhere in the file.
  sheet.addRow([`Filiale Kiel ${t}`, 'GmbH', `Holding ${t}`, '', '24103', 'Kiel', 12, 50, null]);
  sheet.addRow([`Lager Kiel ${t}`, 'KG', `Filiale Kiel ${t}`, '', '24105', 'Kiel', 3, null, null]);
  sheet.addRow([`Holding ${t}`, 'AG', '', DISTRIBUTOR, '10115', 'Berlin', 200, null, 58]);
  sheet.addRow([`Filiale Husum ${t}`, 'GmbH', `Holding ${t}`, '', '25813', 'Husum', 8, 44.5, null]);
  sheet.addRow([`Werkstatt ${t}`, 'GmbH', `Holding ${t}`, '', '24937', 'Flensburg', 5, null, 49]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const counts = (page: Page) => page.getByTestId('import-counts');
const count = (page: Page, label: string) =>
  counts(page)
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
const accountsTable = (page: Page) => page.getByRole('table', { name: 'Liste der Konten' });

test('an administrator imports a tree of five accounts from an Excel file and finds them', async ({ page, signIn }) => {
  test.slow();
  await signIn('admin');
  const t = `Imp${randomUUID().slice(0, 8)}`;
  const names = [`Filiale Kiel ${t}`, `Lager Kiel ${t}`, `Holding ${t}`, `Filiale Husum ${t}`, `Werkstatt ${t}`];

  await page.goto('/accounts/');
  await page.getByRole('link', { name: 'Konten importieren' }).click();
  await expect(page).toHaveURL('/accounts/neu/import/');
  await expect(page.getByRole('heading', { level: 1, name: 'Konten importieren' })).toBeVisible();
  const upload = page.getByTestId('accounts-import');

  await upload
    .getByLabel('Datei')
    .setInputFiles({ name: `konten-${t}.xlsx`, mimeType: XLSX_TYPE, buffer: await treeWorkbook(t) });
  await upload.getByRole('button', { name: 'Prüfen', exact: true }).click();

  // The dry run: five new rows, nothing wrong, nothing stored yet.
  await expect(page.getByText('Probelauf – noch nichts gespeichert.')).toBeVisible();
  await expect(count(page, 'Zeilen')).toHaveText('5');
  await expect(count(page, 'Neu')).toHaveText('5');
  await expect(count(page, 'Fehler')).toHaveText('0');
  await expect(count(page, 'Doppelt')).toHaveText('0');
  // Each row by its line in the sheet (1 = the header), with its parent from the same file.
  const preview = page.getByRole('table', { name: 'Vorschau der neuen Zeilen' }).locator('tbody tr');
  await expect(preview).toHaveCount(5);
  const cells = await preview.evaluateAll((trs) =>
    trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => cell.textContent?.trim() ?? '')),
  );
  expect(cells.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
    ['2', `Filiale Kiel ${t}`, `Holding ${t}`],
    ['3', `Lager Kiel ${t}`, `Filiale Kiel ${t}`],
    ['4', `Holding ${t}`, ''],
    ['5', `Filiale Husum ${t}`, `Holding ${t}`],
    ['6', `Werkstatt ${t}`, `Holding ${t}`],
  ]);

  // Confirmed: the same file is sent again, for real.
  await upload.getByRole('button', { name: '5 Zeilen importieren' }).click();
  const done = page.getByTestId('import-done');
  await expect(done).toContainText('5 Zeilen importiert.');

  // The stored report.
  await done.getByRole('link', { name: 'Bericht öffnen' }).click();
  await expect(page).toHaveURL(/\/importe\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Importbericht: Konten' })).toBeVisible();
  await expect(page.getByText(/^Importiert von .+ am /)).toBeVisible();
  await expect(page.getByText('Probelauf – noch nichts gespeichert.')).toHaveCount(0);
  await expect(count(page, 'Importiert')).toHaveText('5');
  await expect(count(page, 'Fehler')).toHaveText('0');
  await expect(page.getByRole('table', { name: 'Vorschau der neuen Zeilen' }).locator('tbody tr')).toHaveCount(5);

  // The accounts list: all five as drafts, each under the file's distributor.
  await page.goto('/accounts/?q=' + encodeURIComponent(t));
  const rows = accountsTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(5);
  for (const name of names) {
    const row = rows.filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Entwurf');
    await expect(row).not.toContainText('Ohne Vertrieb');
  }
  // Only the holding is at the top.
  // A controlled checkbox: it shows its new state once the navigation commits.
  const topLevel = page.getByRole('checkbox', { name: 'Nur oberste Ebene' });
  await topLevel.click();
  await expect(page).toHaveURL(/[?&]topLevel=true/);
  await expect(topLevel).toBeChecked();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Holding ${t}`);

  // The tree below the holding: three branches, the warehouse under the Kiel branch.
  await rows
    .first()
    .getByRole('link', { name: `Holding ${t}`, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Holding ${t}` })).toBeVisible();
  await page.getByRole('link', { name: 'Unterkonten' }).click();
  const kiel = page
    .locator('.account-tree li')
    .filter({ has: page.getByRole('link', { name: `Filiale Kiel ${t}`, exact: true }) });
  await expect(kiel.getByRole('link', { name: `Lager Kiel ${t}`, exact: true })).toBeVisible();
  const husum = page
    .locator('.account-tree li')
    .filter({ has: page.getByRole('link', { name: `Filiale Husum ${t}`, exact: true }) });
  await expect(husum.getByRole('link', { name: `Lager Kiel ${t}`, exact: true })).toHaveCount(0);
  for (const name of [`Filiale Kiel ${t}`, `Filiale Husum ${t}`, `Werkstatt ${t}`]) {
    await expect(page.locator('.account-tree').first().getByRole('link', { name, exact: true })).toBeVisible();
  }

  // The benefits from their columns.
  await kiel
    .getByRole('link', { name: `Filiale Kiel ${t}`, exact: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Filiale Kiel ${t}` })).toBeVisible();
  const benefits = page.locator('#benefits');
  await expect(benefits.getByRole('row', { name: /Sachbezug/ })).toContainText('50,00');
});
