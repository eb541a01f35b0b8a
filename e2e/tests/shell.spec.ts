import { expect, test } from '../fixtures/auth';

test.describe('app shell', () => {
  test('an unknown path shows the German 404 page with a link home', async ({ page }) => {
    const response = await page.goto('/gibt-es-nicht/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' })).toBeVisible();
    await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
    await expect(page).toHaveURL(/\/login\//);
  });

  test('the 404 page speaks English to an English browser', async ({ browser }) => {
    const context = await browser.newContext({
      locale: 'en-GB',
      extraHTTPHeaders: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    const page = await context.newPage();
    const response = await page.goto('/does-not-exist/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test('the language switch turns the UI to English and back', async ({ page }) => {
    await page.goto('/login/');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(page.getByTestId('language-switch')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the language switch works before the page’s scripts run (no JavaScript)', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled: false,
      locale: 'de-DE',
    });
    const page = await context.newPage();
    await page.goto('/login/');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect((await context.cookies()).find((cookie) => cookie.name === 'NEXT_LOCALE')?.value).toBe('en');
    await context.close();
  });

  test('the footer links to privacy and imprint, with the operator from configuration', async ({ page }) => {
    await page.goto('/login/');
    await page.getByRole('link', { name: 'Impressum' }).click();
    await expect(page).toHaveURL('/impressum/');
    await expect(page.getByRole('heading', { name: 'Impressum' })).toBeVisible();
    await expect(page.getByText('Beispiel Benefits GmbH', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Datenschutz' }).click();
    await expect(page).toHaveURL('/datenschutz/');
    await expect(page.getByRole('heading', { name: 'Datenschutz' })).toBeVisible();
  });

  test('the offline banner appears while offline', async ({ page, context, signIn }) => {
    await signIn('admin');
    await page.goto('/');
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toHaveText(/Sie sind offline/);
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });

  test('the navbar shows the user menu and the home link', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/');
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Start' })).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('user-menu').click();
    await expect(page.getByText('admin@example.com')).toBeVisible();
  });

  test('the navbar fits the window at laptop and phone widths: no sideways scrolling', async ({ page, signIn }) => {
    // Seven full loads of the dashboard, each waiting for both badges: on two busy cores that took up
    // to 54 s of the usual 60.
    test.setTimeout(120_000);
    await signIn('admin');
    const nav = page.getByRole('navigation').first();
    const toggler = nav.getByRole('button', { name: 'Navigation ein- oder ausblenden' });
    // 1280 and 1366 are the common laptop widths; the eight sections, both badges, the language
    // and the name once scrolled the page sideways there.
    for (const width of [1920, 1366, 1280, 1200, 1199, 390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      // The badges answer after hydration and widen their links: measure once both have answered.
      const badges = Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/ui/approvals')),
        page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/ui/tasks')),
      ]);
      await page.goto('/');
      await badges;
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways scrolling at ${width} px`).toBe(0);
      if (width >= 1200) {
        await expect(toggler).toBeHidden();
        await expect(nav.getByRole('link', { name: 'Whitelist' })).toBeInViewport();
        await expect(page.getByTestId('user-menu')).toBeInViewport();
      } else {
        await expect(toggler).toBeVisible();
        await toggler.click();
        await expect(nav.getByRole('link', { name: 'Whitelist' })).toBeVisible();
        await expect(page.getByTestId('user-menu')).toBeVisible();
      }
    }
  });

  test('on a phone a wide table scrolls inside itself, not the page', async ({ page, signIn }) => {
    await signIn('admin');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/freigaben/', '/dokumente/', '/profil/', '/accounts/']) {
      await page.goto(path);
      await expect(page.locator('.table-responsive table').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways scrolling on ${path}`).toBe(0);
    }
  });

  test('on a phone the dashboard prefetches none of the records it links to', async ({ page, signIn }) => {
    await signIn('admin');
    await page.setViewportSize({ width: 390, height: 844 });
    const prefetched: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch']) prefetched.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    // The links are there and in view (Next prefetches the links in view once the page is idle) …
    const changes = page.getByTestId('dashboard-changes').getByRole('link');
    await expect(changes.first()).toBeVisible();
    await changes.first().scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    // … and no record's page was fetched ahead.
    const record = /\/(tasks|freigaben|dokumente|historie|accounts)\/[0-9a-f-]{36}\//;
    expect(prefetched.filter((path) => record.test(path))).toEqual([]);
    // The link still leads there.
    await changes.first().click();
    await expect(page).toHaveURL(/\/historie\/[0-9a-f-]{36}\/$/);
  });

  test('a list page and its first navigation prefetch nothing: the navbar and "Neu" load on the click', async ({
    page,
    signIn,
  }) => {
    await signIn('admin');
    const prefetched: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch']) prefetched.push(new URL(request.url()).pathname);
    });
    await page.goto('/accounts/');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    // The first client navigation re-sent every prefetch of the page before (ten server renders).
    await page.getByTestId('sort-city').click();
    await expect(page).toHaveURL(/sort=city/);
    await page.waitForLoadState('networkidle');
    expect(prefetched).toEqual([]);
    // The links still lead there, on the click.
    await page
      .locator('#main-navigation')
      .getByRole('link', { name: /^Aufgaben/ })
      .click();
    await expect(page).toHaveURL(/\/tasks\/$/);
    await page.getByRole('link', { name: 'Neue Aufgabe' }).click();
    await expect(page).toHaveURL(/\/tasks\/neu\/$/);
    expect(prefetched).toEqual([]);
  });

  test('a session the API no longer accepts sends the user to the login page', async ({ page, signIn, context }) => {
    await signIn('admin');
    await page.goto('/');
    await expect(page.getByTestId('role')).toBeVisible();
    // Sign out on the API only (as "sign out everywhere" or a lock would), keeping the cookie.
    const csrf = await page.request.get('/api/auth/csrf/');
    expect(csrf.ok()).toBe(true);
    const cookies = await context.cookies();
    expect(cookies.some((cookie) => cookie.name.includes('next-auth.session-token'))).toBe(true);
    await page.request.post('/api/auth/signout/', {
      form: { csrfToken: ((await csrf.json()) as { csrfToken: string }).csrfToken, json: 'true' },
    });
    await context.addCookies(cookies.filter((cookie) => cookie.name.includes('next-auth.session-token')));
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\/\?reason=expired/);
    await expect(page.getByText('Ihre Sitzung ist abgelaufen oder wurde beendet.')).toBeVisible();
  });
});
