import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { bearer, expect, test, type ApiClient, type TokenPair } from '../fixtures/api';
import { DEMO_PASSWORD, demoUser } from '../fixtures/demo-users';
import { latestMailTo, linkFrom, newestMailTo, tokenFrom } from '../fixtures/mail';
import { openSession } from '../fixtures/accounts';
import { activatedUser } from '../fixtures/users';

/**
 * The signed-in user's own record, password, address and sessions over real HTTP (SPEC §3
 * `/profil/`, §5). Each test speaks from its own client address (the `api` fixture).
 *
 * Demo users (lib/server/db/seed/demo.ts) these tests consume; no other test may sign in as them or
 * change them (reading them in lists is fine: names and roles stay). The tests put them back as they
 * found them (name, demo password, address) when they pass:
 * - thomas.keller@example.com (admin): edits the profile
 * - julia.zimmermann@example.com: changes the password
 * - jonas.krueger@example.com (back office, reads English): changes the e-mail address, and back
 * - jana.hansen@example.com: sessions list and "sign out everywhere else" (ends all of her sessions)
 * Read only: lukas.hartmann@example.com.
 */
const READ_USER = 'lukas.hartmann@example.com';
const EDIT_USER = 'thomas.keller@example.com';
const PASSWORD_USER = 'julia.zimmermann@example.com';
const EMAIL_USER = 'jonas.krueger@example.com';
const SESSIONS_USER = 'jana.hansen@example.com';

const PROFILE = '/api/v1/profile/';
const PROFILE_PASSWORD = '/api/v1/profile/password/';
const PROFILE_EMAIL = '/api/v1/profile/email/';
const SESSIONS = '/api/v1/profile/sessions/';
const sessionPath = (id: string) => `/api/v1/profile/sessions/${id}/`;
const CONFIRM_EMAIL = '/api/v1/auth/confirm-email/';
const LOGIN = '/api/v1/auth/login/';
const ME = '/api/v1/auth/me/';

const admin = demoUser('admin');

interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: { path: string; message: string }[];
  current?: Profile;
  retryAfterSeconds?: number;
}

interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: string;
  accountId: string | null;
  accountName: string | null;
  status: string;
  locale: 'de' | 'en';
  theme: 'light' | 'dark' | 'system';
  lastLoginAt: string | null;
  pendingApprovals: unknown[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

interface SessionInfo {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string;
  ip: string;
  isCurrent: boolean;
}

async function expectApiError(response: APIResponse, status: number, code: string): Promise<ApiErrorBody> {
  const text = await response.text();
  expect(response.status(), `answer: ${text.slice(0, 500)}`).toBe(status);
  const body = JSON.parse(text) as ApiErrorBody;
  expect(body).toMatchObject({ statusCode: status, code, message: expect.any(String) });
  return body;
}

async function expectJson<T>(response: APIResponse, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status(), `answer: ${text.slice(0, 500)}`).toBe(status);
  return JSON.parse(text) as T;
}

const login = (api: ApiClient, email: string, password: string) => api.post(LOGIN, { data: { email, password } });
const me = (api: ApiClient, token: string) => api.get(ME, { headers: bearer(token) });
const getProfile = async (api: ApiClient, token: string) =>
  expectJson<Profile>(await api.get(PROFILE, { headers: bearer(token) }), 200);
const changePassword = (api: ApiClient, token: string, currentPassword: string, newPassword: string) =>
  api.post(PROFILE_PASSWORD, { headers: bearer(token), data: { currentPassword, newPassword } });
const listSessions = async (api: ApiClient, token: string) =>
  (await expectJson<{ items: SessionInfo[] }>(await api.get(SESSIONS, { headers: bearer(token) }), 200)).items;

/** The session id inside an access token (its `sid` claim). */
function sessionIdOf(tokens: TokenPair): string {
  const payload = JSON.parse(Buffer.from(tokens.id_token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sid: string;
  };
  return payload.sid;
}

const freshPassword = (label: string) => `${label}-Ahorn-${randomUUID().slice(0, 8)}`;

test.describe('profile', () => {
  test('answers the caller’s own record with its ETag, never a secret', async ({ api }) => {
    const tokens = await api.login(READ_USER, DEMO_PASSWORD);
    const response = await api.get(PROFILE, { headers: bearer(tokens.id_token) });
    const profile = await expectJson<Profile & Record<string, unknown>>(response, 200);
    expect(profile).toMatchObject({
      email: READ_USER,
      firstName: 'Lukas',
      lastName: 'Hartmann',
      role: 'manager',
      status: 'active',
      locale: 'de',
      accountId: expect.any(String),
      accountName: 'Müller Logistik Nord GmbH',
      lastLoginAt: expect.any(String),
      pendingApprovals: [],
      version: expect.any(Number),
    });
    expect(response.headers().etag).toBe(`W/"${profile.version}"`);
    expect(JSON.stringify(profile)).not.toMatch(/password|hash/i);
    await expectApiError(await api.get(PROFILE), 401, 'unauthorized');
  });

  test('PATCH applies to the version read; stale → 409 with the current record, none → 428', async ({ api }) => {
    const tokens = await api.login(EDIT_USER, DEMO_PASSWORD);
    const headers = bearer(tokens.id_token);
    const original = await getProfile(api, tokens.id_token);

    const updated = await expectJson<Profile>(
      await api.patch(PROFILE, {
        headers,
        data: { firstName: 'Tom', phone: '+49 30 1111 2222', locale: 'en', version: original.version },
      }),
      200,
    );
    expect(updated).toMatchObject({
      firstName: 'Tom',
      lastName: original.lastName,
      phone: '+49 30 1111 2222',
      locale: 'en',
    });
    expect(updated.version).toBe(original.version + 1);

    // The form of another tab still holds the old version: refused, with what is there now.
    const stale = await expectApiError(
      await api.patch(PROFILE, { headers, data: { firstName: 'Thomas-Alt', version: original.version } }),
      409,
      'conflict',
    );
    expect(stale.current).toMatchObject({ firstName: 'Tom', version: updated.version });
    await expectApiError(
      await api.patch(PROFILE, {
        headers: { ...headers, 'if-match': `W/"${original.version}"` },
        data: { lastName: 'X' },
      }),
      409,
      'conflict',
    );
    await expectApiError(
      await api.patch(PROFILE, { headers, data: { firstName: 'Ohne Version' } }),
      428,
      'precondition_required',
    );

    // Only one's own name, phone and language: role, e-mail and status are not the profile's to change.
    for (const field of [{ role: 'admin' }, { email: 'anders@example.com' }, { status: 'active' }]) {
      await expectApiError(
        await api.patch(PROFILE, { headers, data: { ...field, version: updated.version } }),
        422,
        'validation_failed',
      );
    }
    await expectApiError(
      await api.patch(PROFILE, { headers, data: { firstName: '', version: updated.version } }),
      422,
      'validation_failed',
    );

    // If-Match works as well as the body's version; the answer's ETag is the new version.
    const restored = await api.patch(PROFILE, {
      headers: { ...headers, 'if-match': `W/"${updated.version}"` },
      data: { firstName: original.firstName, phone: original.phone, locale: original.locale },
    });
    const back = await expectJson<Profile>(restored, 200);
    expect(back).toMatchObject({ firstName: original.firstName, phone: original.phone, locale: original.locale });
    expect(restored.headers().etag).toBe(`W/"${back.version}"`);
  });

  test('the theme: System by default, light/dark/system are kept (also in auth/me), anything else → 422; only its owner sees it', async ({
    api,
  }) => {
    const admin = await openSession(api, 'admin');
    const { email, password, user } = await activatedUser(api, admin, 'Design');
    const tokens = await api.login(email, password);
    const headers = bearer(tokens.id_token);
    let profile = await getProfile(api, tokens.id_token);
    expect(profile.theme).toBe('system');
    expect((await expectJson<{ user: { theme: string } }>(await me(api, tokens.id_token), 200)).user.theme).toBe(
      'system',
    );

    for (const theme of ['dark', 'light', 'system', 'dark'] as const) {
      profile = await expectJson<Profile>(
        await api.patch(PROFILE, { headers, data: { theme, version: profile.version } }),
        200,
      );
      expect(profile.theme).toBe(theme);
    }
    expect(await getProfile(api, tokens.id_token)).toMatchObject({ theme: 'dark', version: profile.version });
    // auth/me, which the pages ask on every request, renders the theme before the first paint.
    const again = await api.login(email, password);
    expect((await expectJson<{ user: { theme: string } }>(await me(api, again.id_token), 200)).user.theme).toBe('dark');

    for (const theme of ['Dark', 'auto', 'blue', '', null, 1, ['dark'], { mode: 'dark' }]) {
      const refused = await expectApiError(
        await api.patch(PROFILE, { headers, data: { theme, version: profile.version } }),
        422,
        'validation_failed',
      );
      expect(refused.details?.map((detail) => detail.path)).toEqual(['theme']);
    }
    expect((await getProfile(api, tokens.id_token)).theme).toBe('dark');

    // Another user's record (an administrator reading it) does not carry the owner's preference.
    const seen = await expectJson<Record<string, unknown>>(await admin.get(`/api/v1/users/${user.id}/`), 200);
    expect(seen).not.toHaveProperty('theme');
  });
});

test.describe('password change', () => {
  test('needs the current password and a good new one; ends the other sessions, keeps this one', async ({ api }) => {
    const current = await api.login(PASSWORD_USER, DEMO_PASSWORD);
    const other = await api.login(PASSWORD_USER, DEMO_PASSWORD);
    const newPassword = freshPassword('Neues-Kennwort');

    const wrong = await expectApiError(
      await changePassword(api, current.id_token, 'Falsches-Passwort-1', newPassword),
      422,
      'validation_failed',
    );
    expect(wrong.details).toEqual([
      { path: 'currentPassword', message: expect.any(String), code: 'wrongCurrentPassword' },
    ]);
    const common = await expectApiError(
      await changePassword(api, current.id_token, DEMO_PASSWORD, 'Passwort123456!'),
      422,
      'validation_failed',
    );
    expect(common.details).toEqual([{ path: 'newPassword', message: expect.any(String), code: 'passwordCommon' }]);
    const ownName = await expectApiError(
      await changePassword(api, current.id_token, DEMO_PASSWORD, 'Julia.Zimmermann-Sicher'),
      422,
      'validation_failed',
    );
    expect(ownName.details?.[0]?.path).toBe('newPassword');
    await expectApiError(await changePassword(api, current.id_token, DEMO_PASSWORD, 'kurz'), 422, 'validation_failed');
    // None of the refusals changed anything.
    expect((await me(api, other.id_token)).status()).toBe(200);

    const changed = await changePassword(api, current.id_token, DEMO_PASSWORD, newPassword);
    expect(changed.status(), await changed.text()).toBe(204);

    await expectApiError(await me(api, other.id_token), 401, 'unauthorized');
    expect((await me(api, current.id_token)).status()).toBe(200);
    await expectApiError(await login(api, PASSWORD_USER, DEMO_PASSWORD), 401, 'unauthorized');
    await api.login(PASSWORD_USER, newPassword);

    // Back to the demo password.
    expect((await changePassword(api, current.id_token, newPassword, DEMO_PASSWORD)).status()).toBe(204);
  });
});

test.describe('e-mail change', () => {
  test('confirmation mail to the new address; confirming switches the sign-in name and tells the old address', async ({
    api,
  }) => {
    const adminToken = (await api.login(admin.email, admin.password)).id_token;
    const tokens = await api.login(EMAIL_USER, DEMO_PASSWORD);
    const headers = bearer(tokens.id_token);
    const newAddress = `jonas.neu-${randomUUID().slice(0, 8)}@example.com`;

    const wrong = await expectApiError(
      await api.post(PROFILE_EMAIL, { headers, data: { email: newAddress, currentPassword: 'Falsches-Passwort-1' } }),
      422,
      'validation_failed',
    );
    expect(wrong.details).toEqual([
      { path: 'currentPassword', message: expect.any(String), code: 'wrongCurrentPassword' },
    ]);
    const taken = await expectApiError(
      await api.post(PROFILE_EMAIL, { headers, data: { email: admin.email, currentPassword: DEMO_PASSWORD } }),
      422,
      'validation_failed',
    );
    expect(taken.details).toEqual([
      { path: 'email', message: 'Diese Adresse ist bereits vergeben.', code: 'emailTaken' },
    ]);
    await expectApiError(
      await api.post(PROFILE_EMAIL, {
        headers,
        data: { email: EMAIL_USER.toUpperCase(), currentPassword: DEMO_PASSWORD },
      }),
      422,
      'validation_failed',
    );

    // A first request whose link is never opened: the next request retires it.
    const decoy = `jonas.vorher-${randomUUID().slice(0, 8)}@example.com`;
    expect(
      (await api.post(PROFILE_EMAIL, { headers, data: { email: decoy, currentPassword: DEMO_PASSWORD } })).status(),
    ).toBe(202);
    const decoyToken = tokenFrom(await latestMailTo(api, adminToken, decoy, { template: 'email_confirmation' }));

    const requested = await api.post(PROFILE_EMAIL, {
      headers,
      data: { email: newAddress.toUpperCase(), currentPassword: DEMO_PASSWORD },
    });
    expect(requested.status(), await requested.text()).toBe(202);
    expect(await requested.json()).toEqual({ accepted: true });
    // Nothing changes before the link is opened.
    expect((await getProfile(api, tokens.id_token)).email).toBe(EMAIL_USER);

    const mail = await latestMailTo(api, adminToken, newAddress, { template: 'email_confirmation' });
    // Jonas reads English.
    expect(mail.subject).toBe('Confirm your new e-mail address');
    expect(linkFrom(mail)).toMatch(/^\/bestaetigung\/\?token=[\w-]{20,}$/);
    const token = tokenFrom(mail);
    const retired = await expectApiError(
      await api.post(CONFIRM_EMAIL, { data: { token: decoyToken } }),
      400,
      'bad_request',
    );
    expect(retired.details).toEqual([{ path: 'token', message: 'used' }]);
    const oldAddressMark = await newestMailTo(api, adminToken, EMAIL_USER);

    const confirmed = await api.post(CONFIRM_EMAIL, { data: { token } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    expect(await confirmed.json()).toEqual({ accepted: true });

    // The sign-in name changed, the person did not: the session stays.
    expect((await getProfile(api, tokens.id_token)).email).toBe(newAddress);
    await api.login(newAddress, DEMO_PASSWORD);
    await expectApiError(await login(api, EMAIL_USER, DEMO_PASSWORD), 401, 'unauthorized');
    const notice = await latestMailTo(api, adminToken, EMAIL_USER, {
      template: 'email_changed',
      newerThan: oldAddressMark,
    });
    expect(notice.subject).toBe('Your e-mail address was changed');
    expect((await api.post(CONFIRM_EMAIL, { data: { token } })).status()).toBe(400);

    // And back, so the demo user keeps the address others know.
    expect(
      (
        await api.post(PROFILE_EMAIL, { headers, data: { email: EMAIL_USER, currentPassword: DEMO_PASSWORD } })
      ).status(),
    ).toBe(202);
    const back = await latestMailTo(api, adminToken, EMAIL_USER, { template: 'email_confirmation', newerThan: notice });
    expect((await api.post(CONFIRM_EMAIL, { data: { token: tokenFrom(back) } })).status()).toBe(200);
    expect((await getProfile(api, tokens.id_token)).email).toBe(EMAIL_USER);
  });
});

test.describe('sessions', () => {
  test('lists the live sessions, ends one, and signs out everywhere else', async ({ api }) => {
    const current = await api.login(SESSIONS_USER, DEMO_PASSWORD);
    const headers = bearer(current.id_token);
    // Start from this session alone (a retry may find the last attempt's sessions).
    expect((await api.delete(SESSIONS, { headers })).status()).toBe(204);
    const second = await api.login(SESSIONS_USER, DEMO_PASSWORD);

    const sessions = await listSessions(api, current.id_token);
    expect(sessions.map((session) => session.id)).toEqual([sessionIdOf(second), sessionIdOf(current)]);
    expect(sessions.filter((session) => session.isCurrent).map((session) => session.id)).toEqual([
      sessionIdOf(current),
    ]);
    expect(sessions[0]).toMatchObject({ ip: api.ip, createdAt: expect.any(String), lastSeenAt: expect.any(String) });

    // One session by id: gone at once; again, or someone else's, is not found.
    expect((await api.delete(sessionPath(sessionIdOf(second)), { headers })).status()).toBe(204);
    await expectApiError(await me(api, second.id_token), 401, 'unauthorized');
    await expectApiError(await api.delete(sessionPath(sessionIdOf(second)), { headers }), 404, 'not_found');
    const adminTokens = await api.login(admin.email, admin.password);
    await expectApiError(await api.delete(sessionPath(sessionIdOf(adminTokens)), { headers }), 404, 'not_found');
    expect((await me(api, adminTokens.id_token)).status()).toBe(200);
    await expectApiError(await api.delete(sessionPath('kein-uuid'), { headers }), 404, 'not_found');

    // "Sign out everywhere else".
    const third = await api.login(SESSIONS_USER, DEMO_PASSWORD);
    const fourth = await api.login(SESSIONS_USER, DEMO_PASSWORD);
    const ended = await api.delete(SESSIONS, { headers });
    expect(ended.status()).toBe(204);
    expect(await ended.body()).toHaveLength(0);
    await expectApiError(await me(api, third.id_token), 401, 'unauthorized');
    await expectApiError(await me(api, fourth.id_token), 401, 'unauthorized');
    expect((await me(api, current.id_token)).status()).toBe(200);
    const left = await listSessions(api, current.id_token);
    expect(left.map((session) => [session.id, session.isCurrent])).toEqual([[sessionIdOf(current), true]]);

    // Ending the current session signs out.
    expect((await api.delete(sessionPath(sessionIdOf(current)), { headers })).status()).toBe(204);
    await expectApiError(await me(api, current.id_token), 401, 'unauthorized');
  });
});

test.describe('wrong current passwords', () => {
  test('count toward the lockout: the fifth locks the address and ends the sessions', async ({ api }) => {
    // A fresh user, so that no other test's sign-ins are affected by the lockout.
    const { email } = await activatedUser(api, await openSession(api, 'admin'), 'Sperre', {}, DEMO_PASSWORD);

    const session = await api.login(email, DEMO_PASSWORD);
    const other = await api.login(email, DEMO_PASSWORD);
    const headers = bearer(session.id_token);
    for (let attempt = 1; attempt <= 2; attempt++) {
      await expectApiError(
        await changePassword(api, session.id_token, `Falsch-${attempt}-Passwort`, freshPassword('Neu')),
        422,
        'validation_failed',
      );
    }
    for (let attempt = 3; attempt <= 4; attempt++) {
      await expectApiError(
        await api.post(PROFILE_EMAIL, {
          headers,
          data: { email: `neu.${attempt}.${email}`, currentPassword: `Falsch-${attempt}` },
        }),
        422,
        'validation_failed',
      );
    }
    const locked = await expectApiError(
      await changePassword(api, session.id_token, 'Falsch-5-Passwort', freshPassword('Neu')),
      423,
      'locked',
    );
    expect(locked.retryAfterSeconds).toBeGreaterThan(14 * 60);

    // Every session of the user has ended, and signing in waits for the lockout too.
    expect((await me(api, session.id_token)).status()).toBe(401);
    expect((await me(api, other.id_token)).status()).toBe(401);
    await expectApiError(await login(api, email, DEMO_PASSWORD), 423, 'locked');
  });
});
