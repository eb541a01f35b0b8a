import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ipForTest } from '../fixtures/api';
import { expect, signInAs, test } from '../fixtures/auth';
import { pdfBytes, pngBytes } from '../fixtures/documents';

/** A form field by its label; required fields add a "*" to the label's text. */
const field = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

/** Fills the upload form of a general document (no account) and sends it. */
async function uploadGeneralDocument(
  page: Page,
  {
    title,
    category,
    file,
  }: { title: string; category: string; file: { name: string; mimeType: string; buffer: Buffer } },
) {
  await page.goto('/dokumente/neu/');
  await page.getByRole('textbox', { name: field('Titel') }).fill(title);
  await page.getByRole('combobox', { name: field('Kategorie') }).selectOption({ label: category });
  await page.getByRole('combobox', { name: field('Konto') }).selectOption({ label: 'Keines (allgemeines Dokument)' });
  await page.getByTestId('file-drop-zone').locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Hochladen' }).click();
}

test.describe('documents', () => {
  // Two uploads, one of them throttled so the progress bar can be watched.
  test.describe.configure({ timeout: 120_000 });

  test('upload with progress → preview → new version → the old version downloads byte for byte', async ({
    page,
    signIn,
  }) => {
    const title = `Leistungsübersicht ${randomUUID().slice(0, 8)}`;
    // A real PNG, made large by a chunk decoders skip, so the upload takes a moment.
    const first = pngBytes([0, 120, 200], { padding: 1_500_000 });
    const second = pngBytes([200, 60, 0]);

    await signIn('manager');
    await page.goto('/accounts/');
    await page.getByRole('link', { name: 'Müller Logistik GmbH', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Müller Logistik GmbH' })
      .getByRole('link', { name: 'Dokumente' })
      .click();
    await expect(page.getByTestId('account-documents')).toBeVisible();
    await page.getByTestId('account-documents').getByRole('link', { name: 'Dokument hochladen' }).click();
    await expect(page).toHaveURL(/\/dokumente\/neu\/\?accountId=/);
    await expect(page).toHaveTitle('Dokument hochladen · Employee Benefits Master Tool');

    // Nothing is sent with errors; they are named at the fields, the file among them.
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await expect(page.getByTestId('form-error-summary')).toBeVisible();
    await expect(page.getByRole('textbox', { name: field('Titel') })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Bitte eine Datei auswählen.').first()).toBeVisible();

    await page.getByRole('textbox', { name: field('Titel') }).fill(title);
    await page.getByRole('combobox', { name: field('Kategorie') }).selectOption({ label: 'Leistungsübersicht' });
    await expect(page.getByRole('combobox', { name: field('Konto') })).toHaveValue(/[0-9a-f-]{36}/);
    await page.getByRole('textbox', { name: 'Beschreibung' }).fill('Aushang für die Pausenräume.');
    await page.getByTestId('file-drop-zone').locator('input[type=file]').setInputFiles({
      name: 'Übersicht "2026".png',
      mimeType: 'image/png',
      buffer: first,
    });
    await expect(page.getByTestId('chosen-file')).toContainText('Übersicht "2026".png');

    // About 1.5 MB at 300 kB/s: the bar shows the way from 0 to 100.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    });
    // The values the bar shows, until it shows 100 or, having shown some, goes: when the answer arrives
    // right after the last byte, React renders the bar's removal together with its 100 (both updates
    // land before its next render), so 100 itself need not paint.
    const seen = page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const values: number[] = [];
          const observer = new MutationObserver(() => {
            const bar = document.querySelector('[role="progressbar"]');
            if (!bar) {
              if (values.length > 0) {
                observer.disconnect();
                resolve(values);
              }
              return;
            }
            const value = Number(bar.getAttribute('aria-valuenow') ?? NaN);
            if (Number.isFinite(value) && values.at(-1) !== value) values.push(value);
            if (value === 100) {
              observer.disconnect();
              resolve(values);
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        }),
    );
    await page.getByRole('button', { name: 'Hochladen' }).click();
    const progress = await seen;
    expect(
      progress.some((value) => value > 0 && value < 100),
      `progress seen: ${progress.join(', ')}`,
    ).toBe(true);
    // It only goes up.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The toast comes with the answer and stays 5 s, while the document page may still be loading.
    await expect(page.getByText('Das Dokument „' + title + '“ wurde hochgeladen.')).toBeVisible();
    // The document page: its details, the image inline, version 1.
    await expect(page).toHaveURL(/\/dokumente\/[0-9a-f-]{36}\/$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const preview = page.getByTestId('document-preview').getByRole('img');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(16);
    const versions = page.getByTestId('document-versions');
    await expect(versions.locator('tbody tr')).toHaveCount(1);

    // A new version (its form loads on the button): the old one stays.
    await expect(page.getByTestId('new-version-form')).toHaveCount(0);
    await page.getByRole('button', { name: 'Neue Version hinzufügen' }).click();
    const newVersion = page.getByTestId('new-version-form');
    await expect(newVersion.getByRole('button', { name: 'Datei auswählen' })).toBeFocused();
    await newVersion
      .locator('input[type=file]')
      .setInputFiles({ name: 'uebersicht-neu.png', mimeType: 'image/png', buffer: second });
    await newVersion.getByRole('button', { name: 'Neue Version hochladen' }).click();
    await expect(page.getByText('Version 2 wurde hochgeladen.')).toBeVisible();
    await expect(versions.locator('tbody tr')).toHaveCount(2);
    await expect(versions.locator('tbody tr').first()).toContainText('uebersicht-neu.png');
    await expect(page.getByTestId('new-version-form')).toHaveCount(0);

    // The old version downloads with its name and exactly its bytes.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      versions.getByRole('link', { name: /Version 1 herunterladen/ }).click(),
    ]);
    // The umlaut arrives through filename*; Chromium itself turns the quotes into "_" for the disk.
    expect(download.suggestedFilename()).toMatch(/^Übersicht ["_]2026["_]\.png$/);
    const downloaded = await readFile((await download.path())!);
    expect(Buffer.compare(downloaded, first)).toBe(0);

    // The manager may not delete; the history names both uploads.
    await expect(page.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
    await expect(page.getByTestId('document-history')).toContainText('Hochgeladen');
  });

  test('a PDF shows in a frame on a desktop; on a phone it stays folded and unloaded until opened', async ({
    page,
    signIn,
    browser,
  }, testInfo) => {
    const title = `Beitragsrechnung ${randomUUID().slice(0, 8)}`;
    await signIn('backoffice');
    const contentRequests = (of: Page) => {
      const seen: string[] = [];
      of.on('request', (request) => {
        if (request.url().includes('/content/?inline=1')) seen.push(request.url());
      });
      return seen;
    };
    const onDesktop = contentRequests(page);
    await uploadGeneralDocument(page, {
      title,
      category: 'Rechnung',
      file: { name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Rechnung') },
    });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const documentUrl = page.url();

    // Desktop: unfolded, the frame loads the file.
    await expect(page.getByTestId('document-preview-pdf')).toHaveAttribute('open', '');
    await expect(page.getByTitle('Vorschau von rechnung.pdf')).toBeVisible();
    await expect.poll(() => onDesktop.length).toBeGreaterThan(0);

    // A phone (Safari's User-Agent: no client hints): folded, and the file is not fetched, even in view.
    const phone = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      locale: 'de-DE',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      extraHTTPHeaders: { 'x-forwarded-for': ipForTest(testInfo) },
    });
    try {
      const mobile = await phone.newPage();
      await signInAs(mobile, 'backoffice');
      const onPhone = contentRequests(mobile);
      await mobile.goto(documentUrl);
      const folded = mobile.getByTestId('document-preview-pdf');
      await expect(folded).not.toHaveAttribute('open');
      await folded.locator('summary').scrollIntoViewIfNeeded();
      await mobile.waitForLoadState('networkidle');
      expect(onPhone).toEqual([]);
      await expect(mobile.getByRole('link', { name: 'In neuem Tab öffnen' })).toBeVisible();

      // Opening it loads the file into the frame.
      await folded.locator('summary').click();
      await expect(folded).toHaveAttribute('open', '');
      await expect(mobile.getByTitle('Vorschau von rechnung.pdf')).toBeVisible();
      await expect.poll(() => onPhone.length).toBeGreaterThan(0);
    } finally {
      await phone.close();
    }
  });

  test('inline edit of the details, and the list finds the document by its new title', async ({ page, signIn }) => {
    const title = `Rahmenvertrag ${randomUUID().slice(0, 8)}`;
    await signIn('backoffice');
    await uploadGeneralDocument(page, {
      title,
      category: 'Vertrag',
      file: { name: 'vertrag.txt', mimeType: 'text/plain', buffer: Buffer.from('Vertragstext\n') },
    });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Für diesen Dateityp gibt es keine Vorschau.')).toBeVisible();

    await page.getByTestId('edit-metadata').click();
    const form = page.getByTestId('document-metadata-form');
    await form.getByRole('textbox', { name: field('Titel') }).fill(`${title} (unterschrieben)`);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `${title} (unterschrieben)` })).toBeVisible();

    await page.goto(`/dokumente/?q=${encodeURIComponent(title)}`);
    const table = page.getByRole('table', { name: 'Liste der Dokumente' });
    await expect(table.getByRole('link', { name: `${title} (unterschrieben)` })).toBeVisible();
    await expect(table).toContainText('Allgemein');

    // A mistyped file is refused at the drop zone with the server's reason; nothing is stored.
    await page.goto('/dokumente/neu/');
    await page.getByRole('textbox', { name: field('Titel') }).fill(`${title} falsch`);
    await page.getByRole('combobox', { name: field('Kategorie') }).selectOption({ label: 'Rechnung' });
    await page
      .getByTestId('file-drop-zone')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'rechnung.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('MZ\x90\x00 das ist kein PDF', 'latin1'),
      });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await expect(page.getByText('Der Inhalt der Datei ist kein PDF, wie ihr Name sagt.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/dokumente\/neu\/$/);
  });
});
