import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';

/**
 * Keyboard users skip the navigation: the first Tab stop of every page is "Zum Inhalt springen",
 * hidden until it has the focus, and Enter moves the focus to `<main>`.
 */

const SKIP = 'Zum Inhalt springen';

/** From wherever the focus is: Tab reaches the skip link first; Enter puts the focus on main. */
async function skipToMain(page: Page) {
  const link = page.getByRole('link', { name: SKIP });
  await expect(link).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await expect(link).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  await expect(link).not.toBeInViewport();
}

test.describe('skip link', () => {
  test('on a public page', async ({ page }) => {
    await page.goto('/login/');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await skipToMain(page);
    // The next Tab goes on inside main: the form's first field, not the header's links.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused();
  });

  test('on a signed-in list page, also after client-side navigations and Back', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/accounts/');
    await expect(page.getByRole('table', { name: 'Liste der Konten' })).toBeVisible();
    await skipToMain(page);

    // A client-side navigation keeps the layout (and its main); the link still leads there.
    const navigation = page
      .getByRole('navigation')
      .filter({ has: page.getByRole('link', { name: 'Benutzer' }) })
      .first();
    await navigation.getByRole('link', { name: 'Benutzer', exact: true }).click();
    await expect(page).toHaveURL(/\/benutzer\/$/);
    await expect(page.getByRole('table', { name: 'Liste der Benutzer' })).toBeVisible();
    // A client-side navigation leaves the focus on the link that was clicked (the browser's
    // starting point for Tab); the skip link still leads to the new page's main.
    const link = page.getByRole('link', { name: SKIP });
    await link.focus();
    await expect(link).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    // The skip link makes no history entry (a followed #main link would make one Next's router
    // ignores): the URL stays, and Back shows the page before, with its own content.
    await expect(page).toHaveURL(/\/benutzer\/$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/accounts\/$/);
    await expect(page.getByRole('table', { name: 'Liste der Konten' })).toBeVisible();
  });

  test('on the 404 page', async ({ page }) => {
    const response = await page.goto('/gibt-es-nicht/');
    expect(response?.status()).toBe(404);
    await skipToMain(page);
  });

  test('speaks English to an English reader', async ({ browser }) => {
    const context = await browser.newContext({
      locale: 'en-GB',
      extraHTTPHeaders: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    const page = await context.newPage();
    await page.goto('/login/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await context.close();
  });
});
