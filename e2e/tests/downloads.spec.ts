import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { createAccount, expectJson, openSession } from '../fixtures/accounts';
import { expect, test } from '../fixtures/auth';
import { DOCUMENTS, contentPath, pdfBytes, upload, type DocumentRecord } from '../fixtures/documents';

/**
 * Downloads as a person gets them (issue 49): the list's "Excel (.xlsx)" beside its CSV export
 * saves a workbook with the filtered rows, and a document's file comes through the UI's proxy with
 * its length, so the browser can show the download's progress.
 */
test.describe('downloads', () => {
  test('"Excel (.xlsx)" downloads the filtered account list as a workbook', async ({ page, api, signIn }) => {
    const admin = await openSession(api, 'admin');
    const marker = randomUUID().slice(0, 8);
    const account = await createAccount(admin, 'unused', { name: `Excel Reise ${marker} GmbH`, employeeCount: 42 });

    await signIn('admin');
    await page.goto(`/accounts/?q=${marker}`);
    await expect(page.getByRole('link', { name: 'Als CSV exportieren' })).toBeVisible();
    const xlsxLink = page.getByRole('link', { name: 'Excel (.xlsx)' });
    // The CSV's query (sort, view and the search) with .xlsx.
    const csvHref = await page.getByRole('link', { name: 'Als CSV exportieren' }).getAttribute('href');
    expect(csvHref).toMatch(new RegExp(`^/api/ui/export/accounts\\.csv\\?.*q=${marker}`));
    await expect(xlsxLink).toHaveAttribute('href', csvHref!.replace('.csv?', '.xlsx?'));
    const [download] = await Promise.all([page.waitForEvent('download'), xlsxLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^konten-\d{4}-\d{2}-\d{2}\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    const file = await readFile((await download.path())!);
    await workbook.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Konten');
    expect(sheet.rowCount).toBe(2);
    const header = sheet.getRow(1).values as unknown[];
    const row = sheet.getRow(2);
    expect(row.getCell(header.indexOf('Name')).value).toBe(account.name);
    expect(row.getCell(header.indexOf('Mitarbeitende')).value).toBe(42);
  });

  test('a document downloads through the UI with its Content-Length', async ({ page, api, signIn }) => {
    const admin = await openSession(api, 'admin');
    const marker = randomUUID().slice(0, 8);
    const bytes = Buffer.concat([pdfBytes(marker), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const document = await expectJson<DocumentRecord>(
      await upload(
        admin,
        DOCUMENTS,
        { title: `Länge ${marker}`, category: 'contract', accountId: '', description: '' },
        { name: `laenge-${marker}.pdf`, type: 'application/pdf', content: bytes },
      ),
      201,
    );
    await signIn('admin');
    const response = await page.request.get(contentPath(document.id, 1).replace('/api/v1/', '/api/ui/'));
    expect(response.status()).toBe(200);
    expect(response.headers()['content-length']).toBe(String(bytes.length));
    expect((await response.body()).equals(bytes)).toBe(true);
  });
});
