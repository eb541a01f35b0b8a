import { expect, test, type ApiClient } from '../fixtures/api';
import { expectApiError, expectJson, openSession, type ApiSession } from '../fixtures/accounts';
import { demoUser } from '../fixtures/demo-users';
import { decide } from '../fixtures/approvals';
import { USERS, USERS_CSV, activeUser, inviteUser, userPath } from '../fixtures/users';

/**
 * Issue 51 over real HTTP: who looked at whose personal data. Each read path (a user's record over
 * the API and as the user page, a page of users over the API and as /benutzer/, the search's user
 * hits, the users CSV, a personal-data export) logs exactly once with the right people and route; writes and other reads
 * log nothing; only administrators query the log; the person's export lists who viewed them; after
 * erasure the log names the pseudonym. Rows are written after the answer, so the tests poll.
 */

interface AccessEntry {
  id: string;
  at: string;
  actor: { id: string; name: string; apiKeyId: string | null };
  subject: { id: string; name: string };
  operation: string;
  route: string;
}
interface AccessPage {
  items: AccessEntry[];
  nextCursor: string | null;
}

const accessLogOf = (id: string, query = '') => `${userPath(id, 'access-log')}${query}`;

async function entries(admin: ApiSession, id: string, as: 'subject' | 'actor' = 'subject'): Promise<AccessEntry[]> {
  return (await expectJson<AccessPage>(await admin.get(accessLogOf(id, `?as=${as}&perPage=200`)), 200)).items;
}

/** Waits until the log about `id` holds `count` rows (each written just after its answer), then returns them. */
async function settled(admin: ApiSession, id: string, count: number, as: 'subject' | 'actor' = 'subject') {
  await expect.poll(async () => (await entries(admin, id, as)).length, { timeout: 15_000 }).toBe(count);
  // Nothing more arrives later (a read logging twice would show here).
  await new Promise((resolve) => setTimeout(resolve, 300));
  const rows = await entries(admin, id, as);
  expect(rows).toHaveLength(count);
  return rows;
}

/** Signs the request context in through next-auth (its cookie jar keeps the session cookie). */
async function signInCookie(api: ApiClient, role: 'admin' | 'backoffice' = 'admin'): Promise<void> {
  const admin = demoUser(role);
  const csrf = await api.get('/api/auth/csrf/');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await api.post('/api/auth/callback/credentials/', {
    form: { csrfToken, email: admin.email, password: admin.password, json: 'true' },
    maxRedirects: 0,
  });
  expect(callback.status(), await callback.text()).toBeLessThan(400);
}

test.describe('the access log (issue 51)', () => {
  // Many requests each, and page renders: more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test('each read path logs once with the person and its route; writes and other reads log nothing', async ({
    api,
  }) => {
    const admin = await openSession(api, 'admin');
    const person = await inviteUser(admin, 'Gelesen', { role: 'distributor' });
    const q = `?q=${encodeURIComponent(person.email)}`;

    // Writes and reads that are not of the person's data: nothing.
    await expectJson(await admin.post(userPath(person.id, 'lock')), 200);
    await expectJson(await admin.post(userPath(person.id, 'unlock')), 200);
    await expectJson(await admin.get(`/api/v1/changes/?entityId=${person.id}`), 200);
    await expectJson(await admin.get(accessLogOf(person.id)), 200);
    // A refused read logs nothing either (a manager outside reach: 404).
    const manager = await openSession(api, 'manager');
    await expectApiError(await manager.get(userPath(person.id)), 404, 'not_found');

    const reads: [string, () => Promise<unknown>, string, string][] = [
      ['record', () => admin.get(userPath(person.id)), 'GET /api/v1/users/{id}/', '/api/v1/users/{id}/'],
      ['list', () => admin.get(`${USERS}${q}`), 'GET /api/v1/users/', '/api/v1/users/'],
      [
        'search',
        () => admin.get(`/api/v1/search/?q=${encodeURIComponent(person.lastName)}`),
        'GET /api/v1/search/',
        '/api/v1/search/',
      ],
      [
        'csv',
        async () => (await admin.get(`${USERS_CSV}${q}`)).body(),
        'GET /api/v1/export/users.csv/',
        '/api/v1/export/users.csv/',
      ],
      [
        'export',
        async () => (await admin.get(userPath(person.id, 'data-export'))).body(),
        'GET /api/v1/users/{id}/data-export/',
        '/api/v1/users/{id}/data-export/',
      ],
      [
        'user page',
        async () => {
          await signInCookie(api);
          const page = await api.get(`/benutzer/${person.id}/`, { maxRedirects: 0 });
          expect(page.status()).toBe(200);
          expect(await page.text()).toContain(person.lastName);
        },
        'GET /api/v1/users/{id}/',
        '/benutzer/{id}/',
      ],
      [
        'list page',
        async () => {
          const page = await api.get(`/benutzer/${q}`, { maxRedirects: 0 });
          expect(page.status()).toBe(200);
          expect(await page.text()).toContain(person.lastName);
        },
        'GET /api/v1/users/',
        '/benutzer/',
      ],
    ];
    for (const [index, [what, read, operation, route]] of reads.entries()) {
      await test.step(what, async () => {
        await read();
        const rows = await settled(admin, person.id, index + 1);
        expect(rows[0]).toMatchObject({
          actor: { id: admin.userId, apiKeyId: null },
          subject: { id: person.id, name: `${person.firstName} ${person.lastName}` },
          operation,
          route,
        });
      });
    }
    // The answer of a page of users names everyone on it: the list shows only this person here.
    const all = await entries(admin, person.id);
    expect(all.every((row) => row.subject.id === person.id && row.actor.id === admin.userId)).toBe(true);

    // The user page shows administrators who viewed the person (and whom they viewed); nobody else.
    const adminPage = await (await api.get(`/benutzer/${person.id}/`, { maxRedirects: 0 })).text();
    expect(adminPage).toContain('data-testid="user-access-log"');
    expect(adminPage).toContain('data-testid="access-log-viewed-by"');
    expect(adminPage).toContain('/api/v1/export/users.csv/');
    expect(adminPage).toContain('data-testid="access-log-viewed-empty"');
    await signInCookie(api, 'backoffice');
    const backofficePage = await api.get(`/benutzer/${person.id}/`, { maxRedirects: 0 });
    expect(backofficePage.status()).toBe(200);
    const backofficeHtml = await backofficePage.text();
    expect(backofficeHtml).toContain(person.lastName);
    expect(backofficeHtml).not.toContain('user-access-log');
  });

  test('only administrators query the log; an API key, the person and other roles get 403', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const person = await activeUser(api, admin, 'Zugriffsrecht');
    for (const role of ['backoffice', 'distributor', 'manager'] as const) {
      const session = await openSession(api, role);
      await expectApiError(await session.get(accessLogOf(person.user.id)), 403, 'forbidden');
      await expectApiError(await session.get(accessLogOf(person.user.id, '?as=actor')), 403, 'forbidden');
    }
    await expectApiError(await person.session.get(accessLogOf(person.user.id)), 403, 'forbidden');
    const key = await expectJson<{ secret: string }>(
      await admin.post('/api/v1/api-keys/', { name: `Zugriffe ${Date.now()}`, scopes: ['users.read'] }),
      201,
    );
    const byKey = await api.get(accessLogOf(person.user.id), { headers: { authorization: `Bearer ${key.secret}` } });
    await expectApiError(byKey, 403, 'forbidden');
    // A key's reads are logged with the key (and its holder as the actor).
    const keyRead = await api.get(userPath(person.user.id), { headers: { authorization: `Bearer ${key.secret}` } });
    expect(keyRead.status()).toBe(200);
    const [row] = await settled(admin, person.user.id, 1);
    expect(row).toMatchObject({ actor: { id: admin.userId, apiKeyId: expect.any(String) } });
    await expectApiError(await admin.get(accessLogOf('00000000-0000-4000-8000-000000000000')), 404, 'not_found');
    await expectApiError(await admin.get(accessLogOf(person.user.id, '?as=someone')), 422, 'validation_failed');
  });

  test('the person’s export lists who viewed them; as=actor what a person viewed; erasure shows the pseudonym', async ({
    api,
  }) => {
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    const person = await activeUser(api, admin, 'Betrachtet');
    const adminName = await expectJson<{ firstName: string; lastName: string }>(
      await admin.get('/api/v1/profile/'),
      200,
    );

    await expectJson(await admin.get(userPath(person.user.id)), 200);
    await settled(admin, person.user.id, 1);

    const exported = await person.session.get('/api/v1/profile/data-export/');
    expect(exported.status()).toBe(200);
    const data = (await exported.json()) as {
      viewedBy: { at: string; actor: { id: string; name: string }; route: string; operation: string }[];
      labels: { de: Record<string, string>; en: Record<string, string> };
    };
    expect(data.viewedBy).toEqual([
      {
        at: expect.any(String),
        actor: { id: admin.userId, name: `${adminName.firstName} ${adminName.lastName}` },
        route: '/api/v1/users/{id}/',
        operation: 'GET /api/v1/users/{id}/',
      },
    ]);
    expect(data.labels.de.viewedBy).toMatch(/angesehen/);
    expect(data.labels.en.viewedBy).toMatch(/viewed/);

    // Their own export is a read of their data by them: what the person viewed.
    const viewed = await settled(admin, person.user.id, 1, 'actor');
    expect(viewed[0]).toMatchObject({
      actor: { id: person.user.id },
      subject: { id: person.user.id },
      operation: 'GET /api/v1/profile/data-export/',
    });

    // Erasure (four eyes): the rows stay, the log names the pseudonym on both sides.
    const request = await expectJson<{ id: string }>(
      await admin.post(userPath(person.user.id, 'erasure'), { reason: 'Art. 17' }),
      201,
    );
    await decide(backoffice, request.id, 'approve', 'Geprüft');
    const asSubject = await entries(admin, person.user.id);
    const asActor = await entries(admin, person.user.id, 'actor');
    expect(asSubject.length).toBeGreaterThanOrEqual(2);
    expect(asActor).toHaveLength(1);
    for (const row of asSubject) expect(row.subject.name).toMatch(/^Gelöschte Person [0-9A-F]{4}$/);
    expect(asActor[0]!.actor.name).toMatch(/^Gelöschte Person [0-9A-F]{4}$/);
    expect(JSON.stringify([...asSubject, ...asActor])).not.toContain(person.email);
    expect(JSON.stringify([...asSubject, ...asActor])).not.toContain(person.user.lastName);
  });
});
