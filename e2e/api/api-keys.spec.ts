import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type ApiClient } from '../fixtures/api';
import {
  accountByName,
  expectApiError,
  expectInvalid,
  expectJson,
  openSession,
  type ApiSession,
} from '../fixtures/accounts';

/**
 * API keys for machine clients over real HTTP (issue 48): scopes, reach, expiry, revocation,
 * rotation, person-only endpoints, the rate limits and the history's actor. Every test creates keys
 * and whitelist values of its own.
 */

const KEYS = '/api/v1/api-keys/';
const keyPath = (id: string, action?: string) => `${KEYS}${id}/${action ? `${action}/` : ''}`;
const CHECK = '/api/v1/whitelist/check/';
const WHITELIST = '/api/v1/whitelist/';

// Demo accounts (lib/server/db/seed/demo.ts), only read here.
const MUELLER = 'Müller Logistik GmbH';
const RHEINLAND = 'Rheinland Pflegedienste GmbH';

interface Key {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  accountId: string | null;
  expiresAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  previousSecretExpiresAt: string | null;
  secret?: string;
}

async function createKey(admin: ApiSession, input: Record<string, unknown>): Promise<Key & { secret: string }> {
  const key = await expectJson<Key & { secret: string }>(
    await admin.post(KEYS, { name: `Key ${randomUUID().slice(0, 8)}`, ...input }),
    201,
  );
  return key;
}

/** Calls with a key from the test's client address. */
const withKey = (api: ApiClient, secret: string) => ({
  get: (url: string) => api.get(url, { headers: { authorization: `Bearer ${secret}` } }),
  post: (url: string, data: unknown) => api.post(url, { headers: { authorization: `Bearer ${secret}` }, data }),
});

async function addEntry(admin: ApiSession, accountId: string, value: string) {
  await expectJson(await admin.post(WHITELIST, { accountId, value }), 201);
}

const checkUrl = (email: string) => `${CHECK}?${new URLSearchParams({ email })}`;
const tag = () => randomBytes(4).toString('hex');

test.describe('API keys', () => {
  test('created once with its secret, listed by prefix only; only administrators manage keys', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const key = await createKey(admin, { scopes: ['whitelist.check'] });
    expect(key.secret).toMatch(/^ebmt_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 13));
    const expiresIn = new Date(key.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(364 * 86_400_000);
    expect(expiresIn).toBeLessThan(366 * 86_400_000);

    const { items } = await expectJson<{ items: Key[] }>(await admin.get(KEYS), 200);
    const listed = items.find((item) => item.id === key.id);
    expect(listed).toMatchObject({ prefix: key.prefix, scopes: ['whitelist.check'] });
    expect(JSON.stringify(items)).not.toContain(key.secret);
    expect(await expectJson<Key>(await admin.get(keyPath(key.id)), 200)).not.toHaveProperty('secret');

    for (const role of ['backoffice', 'manager'] as const) {
      const other = await openSession(api, role);
      await expectApiError(await other.get(KEYS), 403, 'forbidden');
      await expectApiError(await other.post(KEYS, { name: 'x', scopes: ['whitelist.check'] }), 403, 'forbidden');
    }
  });

  test('bad input: unknown scope, approvals.decide, expiry beyond two years or past, ⟦ in the name', async ({
    api,
  }) => {
    const admin = await openSession(api, 'admin');
    await expectInvalid(await admin.post(KEYS, { name: 'x', scopes: ['everything'] }), 'scopes.0');
    await expectInvalid(await admin.post(KEYS, { name: 'x', scopes: ['approvals.decide'] }), 'scopes.0');
    await expectInvalid(await admin.post(KEYS, { name: 'x', scopes: [] }), 'scopes');
    const threeYears = new Date(Date.now() + 3 * 365 * 86_400_000).toISOString();
    await expectInvalid(
      await admin.post(KEYS, { name: 'x', scopes: ['whitelist.check'], expiresAt: threeYears }),
      'expiresAt',
    );
    const past = new Date(Date.now() - 1000).toISOString();
    await expectInvalid(
      await admin.post(KEYS, { name: 'x', scopes: ['whitelist.check'], expiresAt: past }),
      'expiresAt',
    );
    await expectInvalid(await admin.post(KEYS, { name: '⟦u:x⟧', scopes: ['whitelist.check'] }), 'name');
    await expectApiError(
      await admin.post(KEYS, { name: 'x', scopes: ['whitelist.check'], accountId: randomUUID() }),
      404,
      'not_found',
    );
  });

  test('scopes: whitelist.check allows only the check; whitelist.read includes it', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const mueller = await accountByName(admin, MUELLER);
    const domain = `${tag()}.example`;
    await addEntry(admin, mueller.id, domain);

    const checkOnly = withKey(api, (await createKey(admin, { scopes: ['whitelist.check'] })).secret);
    const answer = await expectJson<{ allowed: boolean; accountIds: string[] }>(
      await checkOnly.get(checkUrl(`anna@${domain}`)),
      200,
    );
    expect(answer).toEqual({ allowed: true, accountIds: [mueller.id] });
    await expectApiError(await checkOnly.get(WHITELIST), 403, 'forbidden');
    await expectApiError(await checkOnly.get('/api/v1/accounts/'), 403, 'forbidden');
    await expectApiError(
      await checkOnly.post(WHITELIST, { accountId: mueller.id, value: `x.${domain}` }),
      403,
      'forbidden',
    );

    const reader = withKey(api, (await createKey(admin, { scopes: ['whitelist.read'] })).secret);
    expect((await expectJson<{ allowed: boolean }>(await reader.get(checkUrl(`b@${domain}`)), 200)).allowed).toBe(true);
    await expectJson(await reader.get(WHITELIST), 200);
    await expectApiError(
      await reader.post(WHITELIST, { accountId: mueller.id, value: `y.${domain}` }),
      403,
      'forbidden',
    );
  });

  test('reach: a key for one account tree sees only that tree', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const mueller = await accountByName(admin, MUELLER);
    const rheinland = await accountByName(admin, RHEINLAND);
    const domain = `${tag()}.example`;
    await addEntry(admin, mueller.id, domain);
    await addEntry(admin, rheinland.id, domain);

    const everyAccount = withKey(
      api,
      (await createKey(admin, { scopes: ['whitelist.check', 'accounts.read'] })).secret,
    );
    const all = await expectJson<{ accountIds: string[] }>(await everyAccount.get(checkUrl(`c@${domain}`)), 200);
    expect(all.accountIds.sort()).toEqual([mueller.id, rheinland.id].sort());

    const tree = withKey(
      api,
      (await createKey(admin, { scopes: ['whitelist.check', 'accounts.read'], accountId: mueller.id })).secret,
    );
    const mine = await expectJson<{ accountIds: string[] }>(await tree.get(checkUrl(`c@${domain}`)), 200);
    expect(mine.accountIds).toEqual([mueller.id]);
    await expectJson(await tree.get(`/api/v1/accounts/${mueller.id}/`), 200);
    await expectApiError(await tree.get(`/api/v1/accounts/${rheinland.id}/`), 404, 'not_found');
  });

  test('a key is not a person: profile, who-am-I, MFA, notifications and key management answer 403', async ({
    api,
  }) => {
    const admin = await openSession(api, 'admin');
    const key = withKey(
      api,
      (await createKey(admin, { scopes: ['accounts.read', 'users.read', 'users.write'] })).secret,
    );
    for (const path of [
      '/api/v1/auth/me/',
      '/api/v1/profile/',
      '/api/v1/profile/mfa/',
      '/api/v1/notifications/',
      KEYS,
    ]) {
      const body = await expectApiError(await key.get(path), 403, 'forbidden');
      expect(body.message, path).toMatch(/API-Schlüssel/);
    }
    await expectApiError(await key.post(KEYS, { name: 'x', scopes: ['whitelist.check'] }), 403, 'forbidden');
    await expectJson(await key.get('/api/v1/users/'), 200);
  });

  test('expiry: a key past its expiresAt answers 401', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const key = await createKey(admin, {
      scopes: ['whitelist.check'],
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    const client = withKey(api, key.secret);
    await expectJson(await client.get(checkUrl('a@example.com')), 200);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await expectApiError(await client.get(checkUrl('a@example.com')), 401, 'unauthorized');
  });

  test('revocation takes effect on the next request; last use shows time and client address', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const key = await createKey(admin, { scopes: ['whitelist.check'] });
    const client = withKey(api, key.secret);
    await expectJson(await client.get(checkUrl('a@example.com')), 200);
    const used = await expectJson<Key>(await admin.get(keyPath(key.id)), 200);
    expect(used.lastUsedIp).toBe(api.ip);
    expect(Date.now() - new Date(used.lastUsedAt!).getTime()).toBeLessThan(60_000);

    await expectJson(await admin.delete(keyPath(key.id)), 204);
    await expectApiError(await client.get(checkUrl('a@example.com')), 401, 'unauthorized');
    expect((await expectJson<Key>(await admin.get(keyPath(key.id)), 200)).revokedAt).not.toBeNull();
    await expectApiError(await admin.post(keyPath(key.id, 'rotate'), {}), 409, 'conflict');
  });

  test('rotation: the old secret works during the overlap, ends with overlap 0, at most 7 days', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const key = await createKey(admin, { scopes: ['whitelist.check'] });
    await expectInvalid(await admin.post(keyPath(key.id, 'rotate'), { overlapHours: 169 }), 'overlapHours');

    const rotated = await expectJson<Key & { secret: string }>(
      await admin.post(keyPath(key.id, 'rotate'), { overlapHours: 1 }),
      200,
    );
    expect(rotated.secret).not.toBe(key.secret);
    expect(rotated.prefix).toBe(rotated.secret.slice(0, 13));
    const overlapEnds = new Date(rotated.previousSecretExpiresAt!).getTime() - Date.now();
    expect(overlapEnds).toBeGreaterThan(59 * 60_000);
    expect(overlapEnds).toBeLessThanOrEqual(60 * 60_000);
    await expectJson(await withKey(api, key.secret).get(checkUrl('a@example.com')), 200);
    await expectJson(await withKey(api, rotated.secret).get(checkUrl('a@example.com')), 200);

    const again = await expectJson<Key & { secret: string }>(
      await admin.post(keyPath(key.id, 'rotate'), { overlapHours: 0 }),
      200,
    );
    await expectApiError(await withKey(api, key.secret).get(checkUrl('a@example.com')), 401, 'unauthorized');
    await expectApiError(await withKey(api, rotated.secret).get(checkUrl('a@example.com')), 401, 'unauthorized');
    await expectJson(await withKey(api, again.secret).get(checkUrl('a@example.com')), 200);
  });

  test('writes appear in the history under the key’s name with actor type api_key', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const mueller = await accountByName(admin, MUELLER);
    const key = await createKey(admin, { name: `HR-System ${tag()}`, scopes: ['whitelist.write', 'whitelist.read'] });
    const created = await expectJson<{ id: string }>(
      await withKey(api, key.secret).post(WHITELIST, { accountId: mueller.id, value: `${tag()}.example` }),
      201,
    );
    const history = await expectJson<{ items: { actor: { id: string | null; name: string; type: string } }[] }>(
      await admin.get(`/api/v1/changes/?${new URLSearchParams({ entityId: created.id })}`),
      200,
    );
    expect(history.items.map((entry) => entry.actor)).toEqual([{ id: null, name: key.name, type: 'api_key' }]);
  });

  test('rate limits: 600 requests a minute per key, then 429 with Retry-After; guessed keys meet the limit', async ({
    api,
  }) => {
    test.setTimeout(120_000);
    const admin = await openSession(api, 'admin');
    const key = await createKey(admin, { scopes: ['whitelist.check'] });
    const client = withKey(api, key.secret);
    const statuses: number[] = [];
    for (let batch = 0; batch < 60; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => client.get(checkUrl('a@example.com'))));
      statuses.push(...answers.map((answer) => answer.status()));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const limited = await client.get(checkUrl('a@example.com'));
    await expectApiError(limited, 429, 'rate_limited');
    const retryAfter = Number(limited.headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Guessing this key's secret (its prefix is visible) counts against the same limit.
    await expectApiError(await withKey(api, `${key.prefix}${'A'.repeat(35)}`).get(CHECK), 429, 'rate_limited');

    // Unknown keys from one client address: 401 until the limit, then 429.
    const guesser = api.from(`10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const guess = await guesser.get(checkUrl('a@example.com'), {
        headers: { authorization: `Bearer ebmt_${randomBytes(32).toString('base64url')}` },
      });
      guesses.push(guess.status());
    }
    expect(guesses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(guesses[20]).toBe(429);
  });
});
