import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { bearer, expect, test, type ApiClient } from '../fixtures/api';
import { DEMO_PASSWORD, demoUser } from '../fixtures/demo-users';
import { OUTBOX, latestMailTo, linkFrom, mailsTo, newestMailTo, tokenFrom } from '../fixtures/mail';
import { openSession } from '../fixtures/accounts';
import { activatedUser, inviteUser } from '../fixtures/users';

/**
 * The public identity flows over real HTTP (SPEC §4): forgotten password, reset, activation,
 * e-mail confirmation, and the admins' mail outbox the links are read from. Each test speaks from
 * its own client address (the `api` fixture) and makes the users it acts on (invited, and activated
 * where it needs that), so the suite can run again against the same deployment: a demo user would
 * have used up their five reset mails of the hour, or be active already instead of invited.
 */
const FORGOT = '/api/v1/auth/password/forgot/';
const RESET = '/api/v1/auth/password/reset/';
const ACTIVATE = '/api/v1/auth/activate/';
const CONFIRM_EMAIL = '/api/v1/auth/confirm-email/';
const LOGIN = '/api/v1/auth/login/';
const ME = '/api/v1/auth/me/';

const admin = demoUser('admin');

interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

async function expectApiError(response: APIResponse, status: number, code: string): Promise<ApiErrorBody> {
  const text = await response.text();
  expect(response.status(), `answer: ${text.slice(0, 500)}`).toBe(status);
  const body = JSON.parse(text) as ApiErrorBody;
  expect(body).toMatchObject({ statusCode: status, code, message: expect.any(String) });
  return body;
}

/** A refused link: 400 naming why in `details` (the pages offer a new link). */
async function expectTokenProblem(response: APIResponse, problem: 'invalid' | 'expired' | 'used') {
  const body = await expectApiError(response, 400, 'bad_request');
  expect(body.details).toEqual([{ path: 'token', message: problem }]);
}

async function expectAccepted(response: APIResponse, status = 200) {
  const text = await response.text();
  expect(response.status(), `answer: ${text.slice(0, 500)}`).toBe(status);
  expect(JSON.parse(text)).toEqual({ accepted: true });
}

const login = (api: ApiClient, email: string, password: string) => api.post(LOGIN, { data: { email, password } });
const me = (api: ApiClient, token: string) => api.get(ME, { headers: bearer(token) });
const forgot = (api: ApiClient, email: string) => api.post(FORGOT, { data: { email } });

/** A password that meets the policy and is different on every run. */
const freshPassword = (label: string) => `${label}-Ahorn-${randomUUID().slice(0, 8)}`;

test.describe('forgot password', () => {
  test('answers alike for known and unknown addresses; only the known one gets a mail, at most 5 an hour', async ({
    api,
  }) => {
    const adminSession = await openSession(api, 'admin');
    const adminToken = adminSession.idToken;
    const { email: FORGOT_USER } = await activatedUser(api, adminSession, 'Vergessen');
    const unknown = `niemand-${randomUUID()}@example.com`;
    const mark = await newestMailTo(api, adminToken, FORGOT_USER);

    const known = await forgot(api, FORGOT_USER);
    const other = await forgot(api, unknown);
    expect(known.status()).toBe(200);
    expect(other.status()).toBe(known.status());
    expect(await other.text()).toBe(await known.text());
    expect(JSON.parse(await known.text())).toEqual({ accepted: true });
    expect(other.headers()['content-type']).toBe(known.headers()['content-type']);
    // Spelling does not matter either.
    await expectAccepted(await forgot(api, `  ${unknown.toUpperCase()} `));

    const mail = await latestMailTo(api, adminToken, FORGOT_USER, { template: 'password_reset', newerThan: mark });
    expect(linkFrom(mail)).toMatch(/^\/pw-reset\/\?token=[\w-]{20,}$/);
    expect(mail.text).toContain('60 Minuten');
    expect(await mailsTo(api, adminToken, unknown)).toEqual([]);

    // Five links an hour per address, the invitation's among them; further requests answer the
    // same but send nothing.
    for (let request = 0; request < 6; request += 1) await expectAccepted(await forgot(api, FORGOT_USER));
    const linkMails = async () =>
      (await mailsTo(api, adminToken, FORGOT_USER)).filter((m) =>
        ['activation', 'password_reset'].includes(m.template),
      );
    await expect.poll(async () => (await linkMails()).length).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await linkMails()).toHaveLength(5);
    // Only the newest link works: each new one retires the ones before.
    const links = (await linkMails()).filter((m) => m.template === 'password_reset').map((m) => tokenFrom(m));
    expect(new Set(links).size).toBe(4);
    await expectTokenProblem(
      await api.post(RESET, { data: { token: links[3], password: freshPassword('Alt') } }),
      'used',
    );
  });

  test('refuses unknown fields and empty addresses like every endpoint', async ({ api }) => {
    await expectApiError(
      await api.post(FORGOT, { data: { email: 'jemand@example.com', admin: true } }),
      422,
      'validation_failed',
    );
    await expectApiError(await api.post(FORGOT, { data: { email: '' } }), 422, 'validation_failed');
  });
});

test.describe('reset password', () => {
  test('forgot → mail → reset: the new password works, the old one and older sessions do not, the link is spent', async ({
    api,
  }) => {
    const adminSession = await openSession(api, 'admin');
    const adminToken = adminSession.idToken;
    const { email: RESET_USER, password: OLD_PASSWORD } = await activatedUser(api, adminSession, 'Zuruecksetzen', {
      firstName: 'Claudia',
      lastName: `Schmitz ${randomUUID().slice(0, 6)}`,
    });
    const before = await api.login(RESET_USER, OLD_PASSWORD);
    // Five wrong passwords lock the address; a reset lifts the lock (the owner proved control).
    for (let attempt = 1; attempt <= 5; attempt += 1) await login(api, RESET_USER, `Falsch-${attempt}`);
    await expectApiError(await login(api, RESET_USER, OLD_PASSWORD), 423, 'locked');

    const mark = await newestMailTo(api, adminToken, RESET_USER);
    await expectAccepted(await forgot(api, RESET_USER));
    const mail = await latestMailTo(api, adminToken, RESET_USER, { template: 'password_reset', newerThan: mark });
    expect(mail.subject).toBe('Passwort zurücksetzen');
    const link = linkFrom(mail);
    expect(link).toMatch(/^\/pw-reset\/\?token=/);
    const token = tokenFrom(mail);

    // The policy refuses, and the link stays usable for a better password.
    for (const [password, field] of [
      ['Passwort123456!', 'password'],
      [`${RESET_USER.split('@')[0]}-2026-neu`, 'password'],
      ['zu-kurz', 'password'],
    ] as const) {
      const body = await expectApiError(await api.post(RESET, { data: { token, password } }), 422, 'validation_failed');
      expect(body.details?.map((detail) => detail.path)).toContain(field);
    }

    const newPassword = freshPassword('Zuruecksetzen');
    await expectAccepted(await api.post(RESET, { data: { token, password: newPassword } }));

    await expectApiError(await me(api, before.id_token), 401, 'unauthorized');
    await expectApiError(await login(api, RESET_USER, OLD_PASSWORD), 401, 'unauthorized');
    const after = await api.login(RESET_USER, newPassword);
    expect((await me(api, after.id_token)).status()).toBe(200);

    await expectTokenProblem(await api.post(RESET, { data: { token, password: freshPassword('Nochmal') } }), 'used');
  });

  test('a garbage or malformed token is refused as invalid', async ({ api }) => {
    await expectTokenProblem(
      await api.post(RESET, { data: { token: `garbage-${randomUUID()}`, password: freshPassword('Egal') } }),
      'invalid',
    );
    // Too short to be a token at all: the schema refuses it before anything is looked up.
    const body = await expectApiError(
      await api.post(RESET, { data: { token: 'kurz', password: freshPassword('Egal') } }),
      422,
      'validation_failed',
    );
    expect(body.details?.[0]?.path).toBe('token');
  });
});

test.describe('activation', () => {
  test('an invited user asking for a reset gets an activation link, activates and signs in', async ({ api }) => {
    const adminSession = await openSession(api, 'admin');
    const adminToken = adminSession.idToken;
    const { email: INVITED_USER } = await inviteUser(adminSession, 'Eingeladen', { role: 'distributor' });
    await expectApiError(await login(api, INVITED_USER, DEMO_PASSWORD), 401, 'unauthorized');

    const mark = await newestMailTo(api, adminToken, INVITED_USER);
    await expectAccepted(await forgot(api, INVITED_USER));
    const mail = await latestMailTo(api, adminToken, INVITED_USER, { newerThan: mark });
    expect(mail.template).toBe('activation');
    expect(linkFrom(mail)).toMatch(/^\/aktivierung\/\?token=[\w-]{20,}$/);
    expect(mail.text).toContain('72 Stunden');
    const token = tokenFrom(mail);

    await expectTokenProblem(
      await api.post(ACTIVATE, { data: { token: `garbage-${randomUUID()}`, password: DEMO_PASSWORD } }),
      'invalid',
    );
    // An activation link is no reset link.
    await expectTokenProblem(await api.post(RESET, { data: { token, password: DEMO_PASSWORD } }), 'invalid');
    const weak = await expectApiError(
      await api.post(ACTIVATE, { data: { token, password: 'Hallo12345678' } }),
      422,
      'validation_failed',
    );
    expect(weak.details).toEqual([{ path: 'password', message: expect.any(String), code: expect.any(String) }]);

    // The answer carries nothing to sign in with: the user signs in as usual.
    const activated = await api.post(ACTIVATE, { data: { token, password: DEMO_PASSWORD } });
    await expectAccepted(activated);

    const tokens = await api.login(INVITED_USER, DEMO_PASSWORD);
    const { user } = (await (await me(api, tokens.id_token)).json()) as { user: { status: string; email: string } };
    expect(user).toMatchObject({ email: INVITED_USER, status: 'active' });

    await expectTokenProblem(await api.post(ACTIVATE, { data: { token, password: DEMO_PASSWORD } }), 'used');
  });
});

test.describe('e-mail confirmation', () => {
  test('a garbage token is refused as invalid', async ({ api }) => {
    await expectTokenProblem(await api.post(CONFIRM_EMAIL, { data: { token: `garbage-${randomUUID()}` } }), 'invalid');
    await expectApiError(await api.post(CONFIRM_EMAIL, { data: {} }), 422, 'validation_failed');
  });
});

test.describe('mail outbox', () => {
  test('only administrators read it', async ({ api }) => {
    await expectApiError(await api.get(OUTBOX), 401, 'unauthorized');
    // The back office may write users, but the outbox holds live links: administrators only.
    for (const role of ['backoffice', 'distributor', 'manager'] as const) {
      const { email, password } = demoUser(role);
      const token = (await api.login(email, password)).id_token;
      await expectApiError(await api.get(OUTBOX, { headers: bearer(token) }), 403, 'forbidden');
    }
  });

  test('lists newest first, filters by address and pages', async ({ api }) => {
    const adminToken = (await api.login(admin.email, admin.password)).id_token;
    const all = await api.get(`${OUTBOX}?perPage=100`, { headers: bearer(adminToken) });
    expect(all.status()).toBe(200);
    const { items } = (await all.json()) as { items: { createdAt: string; to: string }[] };
    const times = items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const one = await api.get(`${OUTBOX}?perPage=1`, { headers: bearer(adminToken) });
    expect(((await one.json()) as { items: unknown[] }).items.length).toBeLessThanOrEqual(1);
    const nobody = await mailsTo(api, adminToken, `NIEMAND-${randomUUID()}@example.com`);
    expect(nobody).toEqual([]);
    await expectApiError(
      await api.get(`${OUTBOX}?perPage=101`, { headers: bearer(adminToken) }),
      422,
      'validation_failed',
    );
    await expectApiError(
      await api.get(`${OUTBOX}?secret=1`, { headers: bearer(adminToken) }),
      422,
      'validation_failed',
    );
  });
});

test('openapi.json describes the identity, profile and outbox endpoints', async ({ api }) => {
  const response = await api.get('/api/v1/openapi.json/');
  expect(response.status()).toBe(200);
  const { paths } = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  for (const [path, methods] of Object.entries({
    '/auth/password/forgot': ['post'],
    '/auth/password/reset': ['post'],
    '/auth/activate': ['post'],
    '/auth/confirm-email': ['post'],
    '/profile': ['get', 'patch'],
    '/profile/password': ['post'],
    '/profile/email': ['post'],
    '/profile/sessions': ['get', 'delete'],
    '/profile/sessions/{id}': ['delete'],
    '/mail/outbox': ['get'],
  })) {
    for (const method of methods) expect(paths[path], `${method} ${path}`).toHaveProperty(method);
  }
});
