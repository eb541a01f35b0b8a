import { randomUUID } from 'node:crypto';
import { expect, test, type ApiClient } from '../fixtures/api';
import { expectInvalid, openSession } from '../fixtures/accounts';
import { demoUser } from '../fixtures/demo-users';

/**
 * Issue 45: no input answers 500. Every list page, fetched as HTML with a signed-in cookie, answers
 * a query its API refuses (a NUL, a bidi override, a day PostgreSQL cannot hold) with the list's
 * inline message and a link to the whole list; a saved view refuses a query the list would refuse.
 */

const LIST_PAGES = ['/accounts/', '/benutzer/', '/dokumente/', '/freigaben/', '/historie/', '/tasks/', '/whitelist/'];
const REFUSED_SEARCH = ['%00', '%E2%80%AE', 'a%00b'];
const BAD_DAYS = ['0000-01-01', '10000-01-01', '-infinity', 'infinity'];
const VIEWS = '/api/v1/profile/views/';

/** Signs the request context in through next-auth (its cookie jar keeps the session cookie). */
async function signInCookie(api: ApiClient): Promise<void> {
  const admin = demoUser('admin');
  const csrf = await api.get('/api/auth/csrf/');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await api.post('/api/auth/callback/credentials/', {
    form: { csrfToken, email: admin.email, password: admin.password, json: 'true' },
    maxRedirects: 0,
  });
  expect(callback.status(), await callback.text()).toBeLessThan(400);
}

async function page(api: ApiClient, url: string): Promise<{ status: number; html: string }> {
  const response = await api.get(url, { maxRedirects: 0 });
  return { status: response.status(), html: await response.text() };
}

test.describe('list pages and saved views against hostile queries', () => {
  test('every list page answers a refused search with its inline message, never 500', async ({ api }) => {
    await signInCookie(api);
    const failures: string[] = [];
    for (const path of LIST_PAGES) {
      const plain = await page(api, `${path}?saved=none`);
      expect(plain.status, `${path}`).toBe(200);
      expect(plain.html).not.toContain('data-testid="list-query-refused"');
      for (const value of REFUSED_SEARCH) {
        const { status, html } = await page(api, `${path}?q=${value}`);
        if (status !== 200) failures.push(`${path}?q=${value}: ${status}`);
        else if (!html.includes('data-testid="list-query-refused"')) failures.push(`${path}?q=${value}: no message`);
        else if (!html.includes(`href="${path}?saved=none"`)) failures.push(`${path}?q=${value}: no link to the list`);
      }
      for (const day of BAD_DAYS) {
        for (const field of ['from', 'to', 'dueFrom', 'validUntil']) {
          const { status } = await page(api, `${path}?${field}=${encodeURIComponent(day)}`);
          if (status !== 200) failures.push(`${path}?${field}=${day}: ${status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test('a saved view refuses a query its list would refuse; a default view cannot break the list', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const name = `Ansicht ${randomUUID().slice(0, 8)}`;
    for (const query of ['q=%00', 'q=%E2%80%AEx', 'from=0000-01-01', 'to=10000-01-01', 'from=-infinity']) {
      await expectInvalid(await admin.post(VIEWS, { list: 'documents', name, query, isDefault: true }), 'query');
    }
    const created = await admin.post(VIEWS, { list: 'documents', name, query: 'q=Vertrag', isDefault: true });
    expect(created.status()).toBe(201);
    const view = (await created.json()) as { id: string; version: number };
    await expectInvalid(await admin.patch(`${VIEWS}${view.id}/`, { query: 'q=%00', version: view.version }), 'query');
    expect((await admin.delete(`${VIEWS}${view.id}/`, { 'if-match': `W/"${view.version}"` })).status()).toBe(204);
  });
});
