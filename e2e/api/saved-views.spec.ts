import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures/api';
import { expectApiError, expectInvalid, expectJson, openSession, type ApiSession } from '../fixtures/accounts';
import { activeUser } from '../fixtures/users';

/**
 * Saved views and chosen columns (issue 27) over real HTTP, on whichever database the server runs:
 * `/profile/views/` (CRUD, only one's own: another user's view is 404, validation 422, caps,
 * one default per list) and `/profile/columns/{list}/`. Each test works as users of its own, so
 * the demo users' lists never open with a view of these tests.
 */

const VIEWS = '/api/v1/profile/views/';
const viewPath = (id: string) => `${VIEWS}${id}/`;
const columnsPath = (list: string) => `/api/v1/profile/columns/${list}/`;

interface SavedView {
  id: string;
  list: string;
  name: string;
  query: string;
  isDefault: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const listViews = async (session: ApiSession, list: string) =>
  (await expectJson<{ items: SavedView[] }>(await session.get(`${VIEWS}?list=${list}`), 200)).items;
const createView = async (session: ApiSession, input: Record<string, unknown>, headers: Record<string, string> = {}) =>
  session.post(VIEWS, input, headers);

async function ownUser(api: Parameters<typeof openSession>[0], label: string) {
  const admin = await openSession(api, 'admin');
  return (await activeUser(api, admin, label)).session;
}

test.describe('saved views API', () => {
  test('creates, lists, renames, makes default and deletes a view; one default per list', async ({ api }) => {
    const me = await ownUser(api, 'Ansichten CRUD');
    const created = await createView(me, {
      list: 'accounts',
      name: '  Aktive in Bremen ',
      query: 'status=active&q=Bremen&hide=city',
    });
    const first = await expectJson<SavedView>(created, 201);
    expect(first).toMatchObject({ list: 'accounts', name: 'Aktive in Bremen', isDefault: false, version: 1 });
    expect(created.headers()['etag']).toBe('W/"1"');
    expect(created.headers()['location']).toMatch(new RegExp(`/api/v1/profile/views/${first.id}/?$`));

    const second = await expectJson<SavedView>(
      await createView(me, { list: 'accounts', name: 'Entwürfe', query: 'status=draft&hide=', isDefault: true }),
      201,
    );
    expect(second.isDefault).toBe(true);
    // Another list keeps its own views.
    expect(await listViews(me, 'tasks')).toEqual([]);
    expect((await listViews(me, 'accounts')).map((view) => view.name)).toEqual(['Aktive in Bremen', 'Entwürfe']);

    // Rename needs If-Match (or version); a stale one is 409 with the current view.
    await expectApiError(await me.patch(viewPath(first.id), { name: 'Bremen' }), 428, 'precondition_required');
    const stale = await expectApiError(
      await me.patch(viewPath(first.id), { name: 'Bremen' }, { 'if-match': 'W/"7"' }),
      409,
      'conflict',
    );
    expect(stale.current).toMatchObject({ id: first.id, version: 1 });
    const renamed = await me.patch(viewPath(first.id), { name: 'Bremen' }, { 'if-match': 'W/"1"' });
    expect(await expectJson<SavedView>(renamed, 200)).toMatchObject({ name: 'Bremen', version: 2 });
    expect(renamed.headers()['etag']).toBe('W/"2"');

    // Making it the default takes the default from the other view.
    const madeDefault = await expectJson<SavedView>(
      await me.patch(viewPath(first.id), { isDefault: true, version: 2 }),
      200,
    );
    expect(madeDefault.isDefault).toBe(true);
    const after = await listViews(me, 'accounts');
    expect(after.filter((view) => view.isDefault).map((view) => view.id)).toEqual([first.id]);

    // A name taken in the list (ignoring case) is 409 on create and on rename.
    const taken = await expectApiError(
      await createView(me, { list: 'accounts', name: 'BREMEN', query: '' }),
      409,
      'conflict',
    );
    expect(taken.details?.map((detail) => detail.path)).toEqual(['name']);
    const entwurf = after.find((view) => view.id === second.id)!;
    await expectApiError(
      await me.patch(viewPath(second.id), { name: 'bremen' }, { 'if-match': `W/"${entwurf.version}"` }),
      409,
      'conflict',
    );

    // Delete: a stale If-Match is 409; without one it goes; then it is 404.
    await expectApiError(await me.delete(viewPath(second.id), { 'if-match': 'W/"99"' }), 409, 'conflict');
    expect((await me.delete(viewPath(second.id))).status()).toBe(204);
    await expectApiError(await me.delete(viewPath(second.id)), 404, 'not_found');
    expect((await listViews(me, 'accounts')).map((view) => view.id)).toEqual([first.id]);
  });

  test('another user’s view is not found: not listed, not changed, not deleted', async ({ api }) => {
    const [owner, other] = await Promise.all([ownUser(api, 'Ansichten Eigner'), ownUser(api, 'Ansichten Fremd')]);
    const view = await expectJson<SavedView>(
      await createView(owner, { list: 'users', name: 'Meine', query: 'role=manager', isDefault: true }),
      201,
    );
    expect(await listViews(other, 'users')).toEqual([]);
    await expectApiError(
      await other.patch(viewPath(view.id), { name: 'Fremd' }, { 'if-match': 'W/"1"' }),
      404,
      'not_found',
    );
    await expectApiError(await other.delete(viewPath(view.id)), 404, 'not_found');
    await expectApiError(await other.patch(viewPath(randomUUID()), { name: 'X', version: 1 }), 404, 'not_found');
    await expectApiError(await other.delete(`${VIEWS}not-a-uuid/`), 404, 'not_found');
    // The owner's view is as it was.
    expect(await listViews(owner, 'users')).toEqual([
      expect.objectContaining({ id: view.id, name: 'Meine', version: 1 }),
    ]);
    // Without a session: 401.
    expect((await api.get(`${VIEWS}?list=users`)).status()).toBe(401);
  });

  test('refuses bad input with 422 naming the field', async ({ api }) => {
    const me = await ownUser(api, 'Ansichten Eingaben');
    await expectInvalid(await me.get(`${VIEWS}?list=nope`), 'list');
    await expectInvalid(await me.get(VIEWS), 'list');
    await expectInvalid(await createView(me, { list: 'nope', name: 'A', query: '' }), 'list');
    await expectInvalid(await createView(me, { list: 'tasks', name: '   ', query: '' }), 'name');
    await expectInvalid(await createView(me, { list: 'tasks', name: 'x'.repeat(61), query: '' }), 'name');
    await expectInvalid(await createView(me, { list: 'tasks', name: 'Zeile\u0000', query: '' }), 'name');
    await expectInvalid(await createView(me, { list: 'tasks', name: 'A', query: '?view=all' }), 'query');
    await expectInvalid(await createView(me, { list: 'tasks', name: 'A', query: 'view=all&page=2' }), 'query');
    await expectInvalid(await createView(me, { list: 'tasks', name: 'A', query: 'q=<script>' }), 'query');
    await expectInvalid(await createView(me, { list: 'tasks', name: 'A', query: `q=${'a'.repeat(2000)}` }), 'query');
    await expectInvalid(await createView(me, { list: 'tasks', name: 'A', query: '', extra: 1 }), '(root)');
    const view = await expectJson<SavedView>(
      await createView(me, { list: 'tasks', name: 'A', query: 'view=all' }),
      201,
    );
    await expectInvalid(await me.patch(viewPath(view.id), { isDefault: 'ja', version: 1 }), 'isDefault');
    await expectInvalid(await me.patch(viewPath(view.id), { list: 'users', version: 1 }), '(root)');
    // Columns: known list, keys only, at most 30.
    await expectInvalid(
      await api.put(columnsPath('tasks'), { headers: bearerOf(me), data: { hidden: ['a b'] } }),
      'hidden.0',
    );
    await expectInvalid(
      await api.put(columnsPath('tasks'), {
        headers: bearerOf(me),
        data: { hidden: Array.from({ length: 31 }, (_, index) => `c${index}`) },
      }),
      'hidden',
    );
    await expectApiError(await me.get(columnsPath('nope')), 404, 'not_found');
  });

  test('caps the views per list at 20 and creates once per Idempotency-Key', async ({ api }) => {
    const me = await ownUser(api, 'Ansichten Grenze');
    const key = randomUUID();
    const firstAnswer = await expectJson<SavedView>(
      await createView(me, { list: 'approvals', name: 'Ansicht 1', query: 'status=all' }, { 'idempotency-key': key }),
      201,
    );
    const replay = await expectJson<SavedView>(
      await createView(me, { list: 'approvals', name: 'Ansicht 1', query: 'status=all' }, { 'idempotency-key': key }),
      201,
    );
    expect(replay.id).toBe(firstAnswer.id);
    for (let index = 2; index <= 20; index += 1) {
      await expectJson(await createView(me, { list: 'approvals', name: `Ansicht ${index}`, query: `status=all` }), 201);
    }
    const refused = await expectInvalid(
      await createView(me, { list: 'approvals', name: 'Ansicht 21', query: '' }),
      'list',
    );
    expect(refused.details?.[0]).toMatchObject({ code: 'savedViewsTooMany', params: { max: 20 } });
    expect(await listViews(me, 'approvals')).toHaveLength(20);
    // Another list is not full.
    await expectJson(await createView(me, { list: 'documents', name: 'Ansicht 21', query: '' }), 201);
  });

  test('stores the hidden columns per user and list', async ({ api }) => {
    const [me, other] = await Promise.all([ownUser(api, 'Spalten Eigner'), ownUser(api, 'Spalten Fremd')]);
    expect(await expectJson(await me.get(columnsPath('accounts')), 200)).toEqual({ list: 'accounts', hidden: [] });
    const stored = await api.put(columnsPath('accounts'), {
      headers: bearerOf(me),
      data: { hidden: ['city', 'legalForm', 'city'] },
    });
    expect(await expectJson(stored, 200)).toEqual({ list: 'accounts', hidden: ['city', 'legalForm'] });
    expect(await expectJson(await me.get(columnsPath('accounts')), 200)).toEqual({
      list: 'accounts',
      hidden: ['city', 'legalForm'],
    });
    // Replaced whole; other lists and other users untouched.
    await expectJson(
      await api.put(columnsPath('accounts'), { headers: bearerOf(me), data: { hidden: ['status'] } }),
      200,
    );
    expect(await expectJson(await me.get(columnsPath('accounts')), 200)).toEqual({
      list: 'accounts',
      hidden: ['status'],
    });
    expect(await expectJson(await me.get(columnsPath('users')), 200)).toEqual({ list: 'users', hidden: [] });
    expect(await expectJson(await other.get(columnsPath('accounts')), 200)).toEqual({ list: 'accounts', hidden: [] });
  });
});

function bearerOf(session: ApiSession): Record<string, string> {
  return { authorization: `Bearer ${session.idToken}` };
}
