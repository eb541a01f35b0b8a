import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures/api';
import {
  ACCOUNTS,
  accountInput,
  expectApiError,
  expectJson,
  listAccounts,
  openSession,
  type AccountRecord,
} from '../fixtures/accounts';

/**
 * Idempotent creates (IETF httpapi Idempotency-Key): a retry of a POST with the same key and body
 * answers the first answer and creates nothing; another body with that key is refused.
 */

test.describe('Idempotency-Key on creates', () => {
  test('a retry with the same key and body answers the same and creates one account', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const key = randomUUID();
    const input = accountInput('Idempotent');
    const first = await admin.post(ACCOUNTS, input, { 'idempotency-key': key });
    const created = await expectJson<AccountRecord>(first, 201);
    const retry = await admin.post(ACCOUNTS, input, { 'idempotency-key': key });
    expect(retry.status()).toBe(201);
    expect(retry.headers()['idempotency-replayed']).toBe('true');
    expect(retry.headers().etag).toBe(first.headers().etag);
    expect(await retry.json()).toEqual(created);
    const found = await listAccounts(admin, { q: input.name as string });
    expect(found.items.map((item) => item.id)).toEqual([created.id]);
  });

  test('two parallel requests with the same key create one account and answer it twice', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const key = randomUUID();
    const input = accountInput('Parallel');
    const [one, two] = await Promise.all([
      admin.post(ACCOUNTS, input, { 'idempotency-key': key }),
      admin.post(ACCOUNTS, input, { 'idempotency-key': key }),
    ]);
    const [a, b] = [await expectJson<AccountRecord>(one, 201), await expectJson<AccountRecord>(two, 201)];
    expect(a.id).toBe(b.id);
    const found = await listAccounts(admin, { q: input.name as string });
    expect(found.total).toBe(1);
  });

  test('the same key with another body is refused with 422 idempotency_key_reused', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const key = randomUUID();
    await expectJson<AccountRecord>(
      await admin.post(ACCOUNTS, accountInput('Erster'), { 'idempotency-key': key }),
      201,
    );
    const other = accountInput('Zweiter');
    await expectApiError(await admin.post(ACCOUNTS, other, { 'idempotency-key': key }), 422, 'idempotency_key_reused');
    expect((await listAccounts(admin, { q: other.name as string })).total).toBe(0);
  });

  test('keys are per user, a failed request frees its key, and a malformed key is refused', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    const key = randomUUID();
    // Refused by the service (an unknown parent): the key is free again for the corrected request.
    const refused = await admin.post(ACCOUNTS, accountInput('Ohne Eltern', { parentId: randomUUID() }), {
      'idempotency-key': key,
    });
    expect([404, 422]).toContain(refused.status());
    const mine = await expectJson<AccountRecord>(
      await admin.post(ACCOUNTS, accountInput('Korrigiert'), { 'idempotency-key': key }),
      201,
    );
    const theirs = await expectJson<AccountRecord>(
      await backoffice.post(ACCOUNTS, accountInput('Andere Person'), { 'idempotency-key': key }),
      201,
    );
    expect(theirs.id).not.toBe(mine.id);
    await expectApiError(
      await admin.post(ACCOUNTS, accountInput('Leer'), { 'idempotency-key': 'mit leerzeichen' }),
      400,
      'bad_request',
    );
  });

  test('openapi.json declares the header on every create', async ({ api }) => {
    const document = (await (await api.get('/api/v1/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>
      >;
    };
    const creates = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, operation]) => method === 'post' && '201' in operation.responses)
        .map(([, operation]) => ({ path, operation })),
    );
    expect(creates.map(({ path }) => path)).toEqual(expect.arrayContaining(['/accounts', '/users']));
    for (const { path, operation } of creates) {
      expect(operation.parameters, path).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header' })]),
      );
    }
  });
});
