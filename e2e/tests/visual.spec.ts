import type { Locator, Page } from '@playwright/test';
import { accountByName, openSession } from '../fixtures/accounts';
import { expect, test } from '../fixtures/auth';

/**
 * The look of five pages (issue 30): Bootstrap is compiled from its Sass sources with only the parts
 * the app uses, and the build drops the rules no source names (PurgeCSS). The snapshots next to this
 * file were taken with Bootstrap's whole dist CSS (`bootstrap.min.css`, no purge); the pages must look
 * the same, give or take 1 % of the pixels. What other tests or the clock change (dates,
 * counters, the greeting)
 * is masked: its place and size still count, its content does not.
 */

// No list page: a list's column widths and its filter bar (the distributor select is as wide as the
// longest name) follow the records other tests add, so its layout differed in the full suite, beyond
// what a mask can hide. The account page's tables hold only that demo account's records. No dashboard
// either: its "Dokumente dieser Woche" lists the documents without an account that other tests add this
// week, for every user, and a long title wraps to a second line (1,100 → 1,104 px in a full CI run).

/** A demo account no other test changes. */
const ACCOUNT = 'Tagespflege Leverkusen';

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

async function expectLook(page: Page, name: string, mask: (page: Page) => Locator[]) {
  // The navbar's badges load after hydration (their number is masked, whether there is one is not).
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(name, {
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    maxDiffPixelRatio: 0.01,
    mask: [
      page.locator('time'),
      page.locator('.badge'),
      // Dates as text: they depend on the day the data was made.
      page.locator('main dd, main td, main th').filter({ hasText: /\d{2}\.\d{2}\.\d{4}/ }),
      ...mask(page),
    ],
  });
}

test.describe('the look stays the same', () => {
  test('sign-in page, light and dark', async ({ page }) => {
    await page.goto('/login/');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await expectLook(page, 'login.png', () => []);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await expectLook(page, 'login-dark.png', () => []);
  });

  test('account detail', async ({ page, api, signIn }) => {
    const account = await accountByName(await openSession(api, 'admin'), ACCOUNT);
    await signIn('admin');
    await page.goto(`/accounts/${account.id}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ACCOUNT);
    await expectLook(page, 'account-detail.png', () => []);
  });

  test('forgot-password page', async ({ page }) => {
    await page.goto('/pw-vergessen/');
    await expect(page.locator('main form')).toBeVisible();
    await expectLook(page, 'forgot-password.png', () => []);
  });

  test('the signed-in shell: navbar, user menu and a message page', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/keine-berechtigung/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectLook(page, 'no-permission.png', () => []);
  });

  test('new task form', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/tasks/neu/');
    await expect(page.locator('main form')).toBeVisible();
    // The due date's default is today's.
    await expectLook(page, 'task-form.png', (p) => [p.locator('input[type="date"]')]);
  });
});
