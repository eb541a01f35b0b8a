import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { bearer, expect, test, uniqueIp, type ApiClient, type TokenPair } from '../fixtures/api';
import { openSession } from '../fixtures/accounts';
import { DEMO_PASSWORD, demoUser, demoUsers } from '../fixtures/demo-users';
import { activatedUser } from '../fixtures/users';

/**
 * The sign-in part of the benefits API over real HTTP (SPEC §4, §5).
 * Each test speaks from its own client address (the `api` fixture), so the per-address rate
 * limit of one test never throttles another.
 */

interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: { path: string; message: string }[];
  retryAfterSeconds?: number;
}

const LOGIN = '/api/v1/auth/login/';
const REFRESH = '/api/v1/auth/refresh/';
const LOGOUT = '/api/v1/auth/logout/';
const ME = '/api/v1/auth/me/';

const admin = demoUser('admin');

// Further users of the demo data (lib/server/db/seed/demo.ts), all with the demo password.
const BLOCKED_USERS = [
  { email: 'stefan.fischer@example.com', status: 'locked' },
  { email: 'heike.schroeder@example.com', status: 'deactivated' },
];

/** An address no user has, so locking it out harms no other test. */
const unknownEmail = (label: string) => `${label}-${randomUUID()}@example.com`;

async function expectApiError(response: APIResponse, status: number, code: string): Promise<ApiErrorBody> {
  const text = await response.text();
  expect(response.status(), `answer: ${text.slice(0, 500)}`).toBe(status);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(text) as ApiErrorBody;
  expect(body).toMatchObject({ statusCode: status, code, message: expect.any(String) });
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const login = (api: ApiClient, email: string, password: string) => api.post(LOGIN, { data: { email, password } });

const me = (api: ApiClient, token: string, method: 'GET' | 'POST' = 'GET') =>
  api.fetch(ME, { method, headers: bearer(token) });

const refresh = (api: ApiClient, refreshToken: string) => api.post(REFRESH, { data: { refresh_token: refreshToken } });

/** Sends bytes as they are: Playwright would JSON-encode a string body with a JSON content type. */
const postRaw = (api: ApiClient, url: string, raw: string, contentType = 'application/json') =>
  api.post(url, { data: Buffer.from(raw, 'utf8'), headers: { 'content-type': contentType } });

test.describe('health and contract', () => {
  test('liveness answers ok; readiness answers ready once the database takes writes', async ({ api }) => {
    const live = await api.get('/api/v1/health/');
    expect(live.status()).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok' });
    const ready = await api.get('/api/v1/health/ready/');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'ok' });
  });

  test('openapi.json describes the sign-in', async ({ api }) => {
    const response = await api.get('/api/v1/openapi.json/');
    expect(response.status()).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\.1/);
    expect(document.paths['/auth/login']).toHaveProperty('post');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/auth/refresh', '/auth/logout', '/auth/me', '/health', '/health/ready']),
    );
  });

  test('an unknown API path answers 404 in the error format', async ({ api }) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await api.fetch(`/api/v1/does-not-exist-${randomUUID()}/`, { method });
      await expectApiError(response, 404, 'not_found');
    }
  });
});

test.describe('login', () => {
  test('answers a token pair', async ({ api }) => {
    const response = await login(api, admin.email, admin.password);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('no-store');
    const body = (await response.json()) as TokenPair;
    expect(Object.keys(body).sort()).toEqual(['expires_in', 'id_token', 'refresh_token', 'token_type']);
    expect(body.token_type).toBe('Bearer');
    expect(body.id_token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.id_token).not.toBe(body.refresh_token);
    expect(Number.isInteger(body.expires_in)).toBe(true);
    expect(body.expires_in).toBeGreaterThan(0);
    expect(body.expires_in).toBeLessThanOrEqual(15 * 60);
  });

  test('every demo user can sign in and gets their role', async ({ api }) => {
    for (const user of demoUsers) {
      const tokens = await api.login(user.email, user.password);
      const response = await me(api, tokens.id_token);
      expect(response.status(), user.email).toBe(200);
      const { user: sessionUser } = (await response.json()) as { user: { email: string; role: string } };
      expect(sessionUser).toMatchObject({ email: user.email, role: user.role });
    }
  });

  test('the e-mail address is case-insensitive', async ({ api }) => {
    const response = await login(api, `  ${admin.email.toUpperCase()} `, admin.password);
    expect(response.status()).toBe(200);
  });

  test('a wrong password answers exactly as an unknown address does', async ({ api }) => {
    // One wrong password only: a later correct sign-in resets the count, so no demo user gets locked.
    const manager = demoUser('manager');
    const wrongPassword = await expectApiError(
      await login(api, manager.email, 'Falsches-Passwort-1'),
      401,
      'unauthorized',
    );
    const unknownAddress = await expectApiError(
      await login(api, unknownEmail('unknown'), 'Falsches-Passwort-1'),
      401,
      'unauthorized',
    );
    expect(unknownAddress.message).toBe(wrongPassword.message);
    expect(unknownAddress).toEqual(wrongPassword);
    await api.login(manager.email, manager.password);
  });
});

test.describe('me', () => {
  test('GET and POST answer the user with a scope list', async ({ api }) => {
    const tokens = await api.login(admin.email, admin.password);
    for (const method of ['GET', 'POST'] as const) {
      const response = await me(api, tokens.id_token, method);
      expect(response.status(), method).toBe(200);
      const { user } = (await response.json()) as { user: Record<string, unknown> & { scope: string[] } };
      expect(user).toMatchObject({
        id: expect.any(String),
        email: admin.email,
        firstName: expect.any(String),
        lastName: expect.any(String),
        role: 'admin',
        locale: expect.stringMatching(/^(de|en)$/),
        status: 'active',
      });
      expect(user).toHaveProperty('accountId');
      expect(Array.isArray(user.scope)).toBe(true);
      expect(user.scope).toEqual(expect.arrayContaining(['accounts.read', 'accounts.write', 'approvals.decide']));
      expect(user).not.toHaveProperty('passwordHash');
    }
  });

  test('a manager does not get the write scopes of the back office', async ({ api }) => {
    const manager = demoUser('manager');
    const tokens = await api.login(manager.email, manager.password);
    const { user } = (await (await me(api, tokens.id_token)).json()) as { user: { scope: string[] } };
    expect(user.scope).toContain('accounts.read');
    expect(user.scope).not.toContain('accounts.write');
    expect(user.scope).not.toContain('approvals.decide');
  });

  test('without a valid token answers 401', async ({ api }) => {
    const tokens = await api.login(admin.email, admin.password);
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer garbage' },
      { authorization: `Basic ${Buffer.from(`${admin.email}:${admin.password}`).toString('base64')}` },
      // An unsigned token ("alg: none") claiming to be someone.
      {
        authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
          JSON.stringify({ sub: randomUUID(), sid: randomUUID(), exp: 4_102_444_800 }),
        ).toString('base64url')}.`,
      },
      // A tampered signature.
      { authorization: `Bearer ${tokens.id_token.slice(0, -4)}AAAA` },
      // The refresh token is not an access token.
      bearer(tokens.refresh_token),
    ];
    for (const headers of attempts) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await api.fetch(ME, { method, headers });
        await expectApiError(response, 401, 'unauthorized');
      }
    }
  });
});

test.describe('logout', () => {
  test('ends the session at once', async ({ api }) => {
    const tokens = await api.login(admin.email, admin.password);
    expect((await me(api, tokens.id_token)).status()).toBe(200);

    const response = await api.post(LOGOUT, { headers: bearer(tokens.id_token) });
    expect(response.status()).toBe(204);
    expect(await response.body()).toHaveLength(0);

    await expectApiError(await me(api, tokens.id_token), 401, 'unauthorized');
    await expectApiError(await me(api, tokens.id_token, 'POST'), 401, 'unauthorized');
    await expectApiError(await refresh(api, tokens.refresh_token), 401, 'unauthorized');
  });

  test('leaves the user’s other sessions alone', async ({ api }) => {
    const first = await api.login(admin.email, admin.password);
    const second = await api.login(admin.email, admin.password);
    expect((await api.post(LOGOUT, { headers: bearer(first.id_token) })).status()).toBe(204);
    expect((await me(api, second.id_token)).status()).toBe(200);
  });

  test('without a token answers 401', async ({ api }) => {
    await expectApiError(await api.post(LOGOUT), 401, 'unauthorized');
  });
});

test.describe('refresh', () => {
  test('rotates to a new pair that works', async ({ api }) => {
    const first = await api.login(admin.email, admin.password);
    const response = await refresh(api, first.refresh_token);
    expect(response.status()).toBe(200);
    const second = (await response.json()) as TokenPair;
    expect(second).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.id_token).not.toBe(first.id_token);

    const meResponse = await me(api, second.id_token);
    expect(meResponse.status()).toBe(200);
    expect(((await meResponse.json()) as { user: { email: string } }).user.email).toBe(admin.email);

    // The new refresh token rotates again.
    const third = await refresh(api, second.refresh_token);
    expect(third.status()).toBe(200);
  });

  test('reusing an old refresh token ends the whole session', async ({ api }) => {
    test.slow();
    const first = await api.login(admin.email, admin.password);
    const secondResponse = await refresh(api, first.refresh_token);
    expect(secondResponse.status()).toBe(200);
    const second = (await secondResponse.json()) as TokenPair;
    expect((await me(api, second.id_token)).status()).toBe(200);

    // Past the grace period for a client that retried a lost answer, reuse means theft.
    await new Promise((resolve) => setTimeout(resolve, 5_600));
    await expectApiError(await refresh(api, first.refresh_token), 401, 'unauthorized');

    await expectApiError(await me(api, second.id_token), 401, 'unauthorized');
    await expectApiError(await refresh(api, second.refresh_token), 401, 'unauthorized');
  });

  test('an unknown refresh token answers 401', async ({ api }) => {
    await expectApiError(await refresh(api, `unknown-${randomUUID()}`), 401, 'unauthorized');
  });
});

test.describe('lockout and rate limit', () => {
  test('five wrong passwords lock an address for 15 minutes', async ({ api }) => {
    const email = unknownEmail('lockout');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expectApiError(await login(api, email, `Falsch-${attempt}`), 401, 'unauthorized');
    }
    for (let attempt = 5; attempt <= 6; attempt += 1) {
      const response = await login(api, email, `Falsch-${attempt}`);
      const body = await expectApiError(response, 423, 'locked');
      expect(body.retryAfterSeconds).toBeGreaterThan(0);
      expect(body.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
      const retryAfter = Number(response.headers()['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(Math.abs(retryAfter - body.retryAfterSeconds!)).toBeLessThanOrEqual(2);
    }
  });

  test('the lock follows the address, not the client', async ({ api }) => {
    const email = unknownEmail('lockout-spread');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expectApiError(await login(api.from(uniqueIp()), email, 'Falsch'), 401, 'unauthorized');
    }
    await expectApiError(await login(api, email, 'Falsch'), 423, 'locked');
    // Address spelling does not matter either.
    await expectApiError(await login(api, email.toUpperCase(), 'Falsch'), 423, 'locked');
  });

  test('a locked user stays locked even with the right password', async ({ api }) => {
    // A user of the test's own: the lock lasts 15 minutes and would hold up a user of the deployment.
    const { email, password } = await activatedUser(api, await openSession(api, 'admin'), 'Sperrfrist');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expectApiError(await login(api, email, `Falsch-${attempt}`), 401, 'unauthorized');
    }
    await expectApiError(await login(api, email, 'Falsch-5'), 423, 'locked');
    const body = await expectApiError(await login(api, email, password), 423, 'locked');
    expect(body.retryAfterSeconds).toBeGreaterThan(14 * 60);
  });

  test('users whose access is locked or deactivated cannot sign in', async ({ api }) => {
    for (const { email } of BLOCKED_USERS) {
      await expectApiError(await login(api, email, DEMO_PASSWORD), 403, 'forbidden');
    }
  });

  test('more than 20 attempts a minute from one address answer 429', async ({ api }) => {
    const statuses: number[] = [];
    let limited: APIResponse | undefined;
    for (let attempt = 1; attempt <= 21 && !limited; attempt += 1) {
      const response = await login(api, unknownEmail('flood'), 'Falsch');
      statuses.push(response.status());
      if (response.status() === 429) limited = response;
    }
    expect(
      statuses.slice(0, 20).every((status) => status === 401),
      statuses.join(','),
    ).toBe(true);
    expect(limited, `statuses: ${statuses.join(',')}`).toBeDefined();
    const body = await expectApiError(limited!, 429, 'rate_limited');
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
    expect(Number(limited!.headers()['retry-after'])).toBeGreaterThan(0);

    // Even the right password waits, and another address is not affected.
    await expectApiError(await login(api, admin.email, admin.password), 429, 'rate_limited');
    const other = api.from(uniqueIp());
    expect((await login(other, admin.email, admin.password)).status()).toBe(200);
  });
});

/** Signs in through next-auth's endpoints as the browser would; answers next-auth's `error` or null. */
async function signInThroughApp(api: ApiClient, email: string, password: string, headers: Record<string, string>) {
  const csrf = await api.get('/api/auth/csrf/', { headers });
  expect(csrf.status()).toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await api.post('/api/auth/callback/credentials/', {
    form: { csrfToken, email, password, json: 'true' },
    headers,
    maxRedirects: 0,
  });
  expect(callback.status(), await callback.text()).toBeLessThan(500);
  const answer = (await callback.json().catch(() => ({}))) as { url?: string };
  return answer.url ? new URL(answer.url).searchParams.get('error') : null;
}

test.describe('client address (TRUSTED_PROXY_HOPS=1 on the test server)', () => {
  test('the hop the proxy appended counts; what the client wrote before it does not', async ({ api }) => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 21; attempt += 1) {
      const response = await api.post(LOGIN, {
        data: { email: unknownEmail('rotated'), password: 'Falsch' },
        headers: {
          'x-forwarded-for': `${uniqueIp()}, ${api.ip}`,
          // Nor do the app's internal headers help a client that forges them.
          'x-benefits-peer-address': uniqueIp(),
          'x-benefits-client-address': `${uniqueIp()};${Math.floor(Date.now() / 1000)};${'A'.repeat(43)}`,
        },
      });
      statuses.push(response.status());
    }
    expect(
      statuses.slice(0, 20).every((status) => status === 401),
      statuses.join(','),
    ).toBe(true);
    expect(statuses[20], statuses.join(',')).toBe(429);
  });

  test('a sign-in through the app counts the visitor’s address, not the app server’s', async ({ api }) => {
    for (let attempt = 1; attempt <= 21; attempt += 1) await login(api, unknownEmail('via-app'), 'Falsch');
    expect((await login(api, unknownEmail('via-app'), 'Falsch')).status()).toBe(429);

    const limited = await signInThroughApp(api, admin.email, admin.password, { 'x-forwarded-for': api.ip });
    expect(limited).toMatch(/^rate_limited/);
    // The app's server calls the API from loopback for everyone: another visitor is not throttled.
    const other = api.from(uniqueIp());
    expect(await signInThroughApp(other, admin.email, admin.password, { 'x-forwarded-for': other.ip })).toBeNull();
  });
});

test.describe('next-auth endpoints', () => {
  test('hostile callback URLs never make next-auth answer 500', async ({ api, baseURL }) => {
    const hostile = [
      '%2F%2Fevil.com',
      '\\evil.com',
      '\\\\evil.com',
      '/／／evil.com',
      `${baseURL}.evil.com/`,
      '//evil.com/',
      'javascript:alert(1)',
    ];
    for (const value of hostile) {
      const query = `?callbackUrl=${encodeURIComponent(value)}`;
      for (const path of ['/api/auth/csrf/', '/api/auth/session/', '/api/auth/providers/', '/api/auth/signin/']) {
        const answer = await api.get(`${path}${query}`, { maxRedirects: 0 });
        expect(answer.status(), `GET ${path}${query}`).toBeLessThan(500);
      }
      const cookie = { cookie: `next-auth.callback-url=${encodeURIComponent(value)}` };
      const csrf = await api.get('/api/auth/csrf/', { headers: cookie });
      expect(csrf.status(), `callback cookie ${value}`).toBe(200);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      for (const headers of [{}, cookie]) {
        const callback = await api.post(`/api/auth/callback/credentials/${query}`, {
          // An address nobody has: wrong passwords for a real user would lock it.
          form: { csrfToken, email: unknownEmail('callback'), password: 'Falsch', callbackUrl: value, json: 'true' },
          headers,
          maxRedirects: 0,
        });
        expect(callback.status(), `POST callback ${value}: ${await callback.text()}`).toBeLessThan(500);
        const { url } = (await callback.json()) as { url: string };
        expect(new URL(url).origin, url).toBe(new URL(baseURL!).origin);
      }
    }
  });
});

test.describe('bad input answers 4xx in the error format, never 500', () => {
  test('malformed JSON → 400', async ({ api }) => {
    for (const raw of ['{"email":', '{email: "a"}', 'null x', '\u0000']) {
      await expectApiError(await postRaw(api, LOGIN, raw), 400, 'bad_request');
    }
  });

  test('wrong types → 422 with the fields named', async ({ api }) => {
    const body = await expectApiError(
      await api.post(LOGIN, { data: { email: 5, password: [] } }),
      422,
      'validation_failed',
    );
    expect(body.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(['email', 'password']));
    for (const detail of body.details ?? []) expect(detail.message).toEqual(expect.any(String));
  });

  test('missing fields → 422', async ({ api }) => {
    const empty = await expectApiError(await api.post(LOGIN, { data: {} }), 422, 'validation_failed');
    expect(empty.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(['email', 'password']));
    const noPassword = await expectApiError(
      await api.post(LOGIN, { data: { email: admin.email } }),
      422,
      'validation_failed',
    );
    expect(noPassword.details?.map((detail) => detail.path)).toContain('password');
    await expectApiError(await postRaw(api, LOGIN, ''), 422, 'validation_failed');
  });

  test('non-object JSON → 422', async ({ api }) => {
    for (const raw of ['[]', '"text"', '42', 'null']) {
      await expectApiError(await postRaw(api, LOGIN, raw), 422, 'validation_failed');
    }
  });

  test('unknown fields → 422', async ({ api }) => {
    await expectApiError(
      await api.post(LOGIN, { data: { email: admin.email, password: admin.password, role: 'admin' } }),
      422,
      'validation_failed',
    );
    await expectApiError(
      await api.post(REFRESH, { data: { refresh_token: 'x', extra: true } }),
      422,
      'validation_failed',
    );
  });

  test('a 10 MB body → 413', async ({ api }) => {
    const huge = JSON.stringify({ email: admin.email, password: 'x'.repeat(10 * 1024 * 1024) });
    await expectApiError(await postRaw(api, LOGIN, huge), 413, 'payload_too_large');
  });

  test('a 10 MB body without Content-Length (chunked) → 413', async ({ api, baseURL }) => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`{"email":"${admin.email}","password":"`));
      },
      pull(controller) {
        if (sent >= 10 * 1024 * 1024) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(new URL(LOGIN, baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': api.ip },
      body,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
  });

  test('a body that is not JSON → 415', async ({ api }) => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await postRaw(api, LOGIN, `email=${admin.email}&password=${admin.password}`, contentType);
      await expectApiError(response, 415, 'unsupported_media_type');
    }
  });

  test('bad input to refresh is refused the same way', async ({ api }) => {
    await expectApiError(await api.post(REFRESH, { data: { refresh_token: 5 } }), 422, 'validation_failed');
    await expectApiError(await api.post(REFRESH, { data: {} }), 422, 'validation_failed');
    await expectApiError(await postRaw(api, REFRESH, '{"refresh_token":'), 400, 'bad_request');
    await expectApiError(await postRaw(api, REFRESH, 'refresh_token=x', 'text/plain'), 415, 'unsupported_media_type');
  });
});
