import type { Browser, Page } from '@playwright/test';
import { openSession } from '../fixtures/accounts';
import { expect, signInAs, test } from '../fixtures/auth';
import { axeViolations } from '../fixtures/axe';
import { ipForTest } from '../fixtures/api';
import { activatedUser } from '../fixtures/users';

/**
 * The dark theme (issue 27): System by default (prefers-color-scheme), Hell / Dunkel / System in the
 * user menu and the profile, kept per user, and never a first paint in the wrong theme.
 */

/** Bootstrap's page background in each mode. */
const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(33, 37, 41)' } as const;

/** Refuses the app's JavaScript (not its CSS): what the page shows then is what it shows before hydration. */
async function withoutAppScripts(page: Page) {
  await page.route(/\/_next\/static\/.*\.js(\?.*)?$/, (route) => route.abort());
}

async function expectTheme(page: Page, mode: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', mode);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(BACKGROUND[mode]);
}

/** A browser of its own that prefers this colour scheme, speaking from the test's own address. */
async function newPage(browser: Browser, colorScheme: 'light' | 'dark', ip: string) {
  const context = await browser.newContext({ colorScheme, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  return { context, page: await context.newPage() };
}

test.describe('theme', () => {
  test('the sign-in page follows the system before any of the app’s scripts ran', async ({ browser }) => {
    for (const mode of ['dark', 'light'] as const) {
      const { context, page } = await newPage(browser, mode, ipForTest(test.info()));
      await withoutAppScripts(page);
      const response = await page.goto('/login/');
      // The server cannot know the system's preference: the inline script (with the CSP nonce) decides.
      const html = (await response?.text()) ?? '';
      expect(html).toMatch(/<html[^>]* data-theme-choice="system"/);
      const nonce = /'nonce-([^']+)'/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
      expect(html).toContain(`<script nonce="${nonce}">(function(){var r=document.documentElement`);
      await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
      await expectTheme(page, mode);
      await context.close();
    }
  });

  test('Dunkel from the user menu is in the first answer’s HTML, and survives a reload and a new sign-in', async ({
    api,
    page,
    context,
  }) => {
    const { email, password, name } = await activatedUser(api, await openSession(api, 'admin'), 'Thema');
    await signInAs(page, email, password);
    await page.goto('/');
    // A light system: the user's choice, not the system, decides.
    await expectTheme(page, 'light');
    await page.getByRole('button', { name }).click();
    const menu = page.getByRole('group', { name: 'Erscheinungsbild' });
    await expect(menu.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
    const saved = page.waitForResponse((response) => response.request().method() === 'POST' && response.ok());
    await menu.getByRole('button', { name: 'Dunkel' }).click();
    await expectTheme(page, 'dark');
    await expect(menu.getByRole('button', { name: 'Dunkel' })).toHaveAttribute('aria-pressed', 'true');
    await saved;

    // The server renders it: before any script, in the very first bytes of the page.
    const html = await (await page.request.get('/accounts/')).text();
    expect(html).toMatch(/<html[^>]* data-theme-choice="dark"/);
    expect(html).toMatch(/<html[^>]* data-bs-theme="dark"/);
    await page.reload();
    await expectTheme(page, 'dark');

    await page.getByRole('button', { name }).click();
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/login\//);
    // Signed out, the sign-in page follows the (light) system again.
    await expectTheme(page, 'light');
    await context.clearCookies();
    await signInAs(page, email, password);
    await withoutAppScripts(page);
    await page.goto('/profil/');
    await expectTheme(page, 'dark');
    await page.unrouteAll();
    await page.reload();
    await expect(page.getByTestId('profile-theme')).toHaveValue('dark');

    // The profile's choice is the same one: back to Hell, everywhere.
    const savedAgain = page.waitForResponse((response) => response.request().method() === 'POST' && response.ok());
    await page.getByRole('combobox', { name: 'Farbschema der Oberfläche' }).selectOption('light');
    await expectTheme(page, 'light');
    await savedAgain;
    await page.getByRole('button', { name }).click();
    await expect(
      page.getByRole('group', { name: 'Erscheinungsbild' }).getByRole('button', { name: 'Hell' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expectTheme(page, 'light');
  });

  test('System on a dark system is dark before hydration, and follows the system while the page is open', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'dark', ipForTest(test.info()));
    await signInAs(page, 'admin');
    await withoutAppScripts(page);
    await page.goto('/accounts/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectTheme(page, 'dark');
    await page.unrouteAll();
    await page.reload();
    await expectTheme(page, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expectTheme(page, 'light');
    await context.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`axe finds no WCAG 2.1 AA violation on the main pages, ${mode}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const { context, page } = await newPage(browser, mode, ipForTest(test.info()));
      // Every page's findings, so one run names them all.
      const found: Record<string, unknown> = {};
      const check = async (label: string) => {
        const violations = await axeViolations(page);
        if (violations.length) found[label] = violations;
      };
      await page.goto('/login/');
      await expectTheme(page, mode);
      await check('/login/');
      await signInAs(page, 'admin');
      for (const path of [
        '/',
        '/accounts/',
        '/benutzer/',
        '/dokumente/',
        '/tasks/',
        '/freigaben/',
        '/historie/',
        '/whitelist/',
        '/benachrichtigungen/',
        '/profil/',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectTheme(page, mode);
        await check(path);
      }
      // The user menu with its theme choice, open.
      await page.getByTestId('user-menu').getByRole('button').first().click();
      await expect(page.getByRole('group', { name: 'Erscheinungsbild' })).toBeVisible();
      await check('user menu');
      await context.close();
      expect(found, JSON.stringify(found, null, 2)).toEqual({});
    });
  }
});
