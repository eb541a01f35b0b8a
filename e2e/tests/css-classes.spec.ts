import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';

/**
 * The stylesheet keeps what the pages use (issue 30). The build compiles a subset of Bootstrap
 * (app/bootstrap.scss) and then drops every rule whose classes no source names (PurgeCSS,
 * postcss.config.mjs); a class made up at run time or added by react-bootstrap that the purge does
 * not know would lose its styles without an error. So on each page and in the states that add
 * elements (dialogs, menus, errors, the phone's navigation), every class an element carries that
 * Bootstrap's whole CSS defines must be defined by a stylesheet the page loaded.
 */

const CLASS_IN_SELECTOR = /\.(-?[A-Za-z_][\w-]*)/g;
/**
 * State classes the app sets that Bootstrap styles only in components this app does not compile:
 * `collapsed` (the navbar toggler's, styled only on an accordion button).
 */
const UNSTYLED_STATES = new Set(['collapsed']);

/** The classes Bootstrap's dist CSS defines (selectors only: a declaration's `.5rem` is not one). */
function bootstrapClasses(): Set<string> {
  const css = readFileSync(path.join(process.cwd(), 'node_modules/bootstrap/dist/css/bootstrap.css'), 'utf8');
  const classes = new Set<string>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, prelude = ''] of withoutComments.matchAll(/([^{}]+)\{/g)) {
    if (prelude.trim().startsWith('@')) continue;
    for (const [, name = ''] of prelude.matchAll(CLASS_IN_SELECTOR)) classes.add(name);
  }
  return classes;
}

const BOOTSTRAP = bootstrapClasses();

/** The Bootstrap classes on the page's elements that no loaded stylesheet defines. */
async function undefinedClasses(page: Page): Promise<string[]> {
  const { used, defined } = await page.evaluate((pattern) => {
    const classIn = new RegExp(pattern, 'g');
    const definedClasses = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const [, name = ''] of rule.selectorText.matchAll(classIn)) definedClasses.add(name);
        }
        if ('cssRules' in rule && rule.cssRules) walk(rule.cssRules as CSSRuleList);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const usedClasses = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class]'))) {
      for (const name of Array.from(element.classList)) usedClasses.add(name);
    }
    return { used: [...usedClasses], defined: [...definedClasses] };
  }, CLASS_IN_SELECTOR.source);
  const definedSet = new Set(defined);
  return used.filter((name) => BOOTSTRAP.has(name) && !UNSTYLED_STATES.has(name) && !definedSet.has(name)).sort();
}

async function expectStyled(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  expect(await undefinedClasses(page), `Bootstrap classes without styles on ${where}`).toEqual([]);
}

/** The first record link of the list at `listPath`. */
async function firstRecord(page: Page, listPath: string): Promise<string> {
  await page.goto(listPath);
  const link = page.locator('main table tbody').getByRole('link').first();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no record on ${listPath}`);
  return href;
}

test.describe('every Bootstrap class a page uses has its styles', () => {
  test('the guest pages', async ({ page }) => {
    for (const route of ['/login/', '/pw-vergessen/', '/impressum/', '/datenschutz/']) {
      await page.goto(route);
      await expectStyled(page, route);
    }
    // A refused sign-in.
    await page.goto('/login/');
    await page.getByLabel('E-Mail-Adresse').fill('niemand@example.com');
    await page.getByLabel('Passwort').fill('falsch-falsch-falsch');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expectStyled(page, '/login/ with an error');
  });

  /** Each route's page, styled: a test per area, so no one test walks thirty pages on a busy machine. */
  async function expectRoutesStyled(page: Page, routes: string[]) {
    for (const route of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectStyled(page, route);
    }
  }

  test('the signed-in pages of accounts and users', async ({ page, signIn }) => {
    test.slow();
    await signIn('admin');
    const account = await firstRecord(page, '/accounts/');
    const user = await firstRecord(page, '/benutzer/');
    await expectRoutesStyled(page, [
      '/',
      '/accounts/',
      '/accounts/neu/',
      account,
      `${account}edit/`,
      `${account}show/`,
      `${account}?tab=users`,
      `${account}?tab=documents`,
      '/benutzer/',
      '/benutzer/neu/',
      user,
      `${user}edit/`,
      '/profil/',
    ]);
  });

  test('the signed-in pages of documents, approvals, history, tasks and the whitelist', async ({ page, signIn }) => {
    test.slow();
    await signIn('admin');
    const document = await firstRecord(page, '/dokumente/');
    const task = await firstRecord(page, '/tasks/');
    const entry = await firstRecord(page, '/whitelist/');
    await expectRoutesStyled(page, [
      '/dokumente/',
      '/dokumente/neu/',
      document,
      '/freigaben/',
      '/historie/',
      '/benachrichtigungen/',
      '/tasks/',
      '/tasks/neu/',
      task,
      `${task}?tab=history`,
      '/whitelist/',
      '/whitelist/neu/',
      '/whitelist/neu/import/',
      entry,
    ]);
  });

  test('the signed-in dialogs, menus and errors', async ({ page, signIn }) => {
    test.slow();
    await signIn('admin');
    const document = await firstRecord(page, '/dokumente/');

    // A form's error summary and invalid fields.
    await page.goto('/tasks/neu/');
    await page.getByRole('textbox', { name: /Titel/ }).fill('');
    await page.getByRole('button', { name: 'Aufgabe anlegen' }).click();
    await expect(page.locator('.is-invalid').first()).toBeVisible();
    await expectStyled(page, '/tasks/neu/ with errors');

    // The document's inline edit form.
    await page.goto(document);
    await page.getByTestId('edit-metadata').click();
    await expect(page.getByTestId('document-metadata-form')).toBeVisible();
    await expectStyled(page, `${document} editing`);

    // A list's selection, its bulk dialog (react-bootstrap's Modal) and the saved views menu.
    await page.goto('/tasks/');
    await page.getByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' }).check();
    await page
      .getByTestId('bulk-bar')
      .getByRole('button')
      .filter({ hasText: /\(\d+\)/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectStyled(page, '/tasks/ with the bulk dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByTestId('list-columns').getByRole('button', { name: 'Spalten' }).click();
    await expect(page.getByRole('group', { name: 'Sichtbare Spalten' })).toBeVisible();
    await expectStyled(page, '/tasks/ with the columns menu');

    // The global search dialog.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+K');
    await expect(page.getByRole('dialog', { name: 'Globale Suche' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Globale Suche' }).getByRole('combobox').fill('mueller');
    await expect(page.getByRole('dialog', { name: 'Globale Suche' }).getByRole('option').first()).toBeVisible();
    await expectStyled(page, 'the global search');

    // The phone's navigation, opened.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/accounts/');
    await page.getByRole('button', { name: 'Navigation ein- oder ausblenden' }).click();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Konten' }).first()).toBeVisible();
    await expectStyled(page, '/accounts/ on a phone, navigation open');
  });
});
