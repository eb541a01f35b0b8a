import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures/api';
import {
  accountPath,
  createAccount,
  expectApiError,
  expectJson,
  openSession,
  type AccountRecord,
  type ApiSession,
} from '../fixtures/accounts';
import { activeAccount, decide } from '../fixtures/approvals';
import { pdfBytes, upload } from '../fixtures/documents';
import { createTask, ifMatch, taskPath, uniqueTitle, type TaskRecord } from '../fixtures/tasks';
import { userPath } from '../fixtures/users';

/**
 * Issue 51 over real HTTP: `?asOf=` on the single-record reads (before creation 422, across a status
 * change, after deletion, the verification), `POST /{resource}/{id}/restore/` (staff, the deleter's
 * undo, refusals) and the undo of a bulk delete.
 */

interface AsOfView {
  asOf: string;
  createdAt: string;
  deletedAt: string | null;
  values: Record<string, unknown>;
  changedSince: string[];
  entries: number;
  verification: { ok: boolean; checked: number; firstBroken: { id: string; reason: string } | null };
  children?: { id: string; name: string; status: string; parentId: string | null }[];
}

/** A moment between two steps (the server's clock is this machine's). */
async function moment(): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 60));
  const at = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 60));
  return at;
}

const asOf = (path: string, at: string) => `${path}?asOf=${encodeURIComponent(at)}`;

async function view(session: ApiSession, path: string, at: string): Promise<AsOfView> {
  const response = await session.get(asOf(path, at));
  const body = await expectJson<AsOfView>(response, 200);
  expect(response.headers().etag).toBeUndefined();
  return body;
}

async function bulk(session: ApiSession, resource: string, body: Record<string, unknown>) {
  return expectJson<{ results: { id: string; outcome: string; reason?: { code: string } }[] }>(
    await session.post(`/api/v1/${resource}/bulk/`, body, { 'idempotency-key': randomUUID() }),
    200,
  );
}

test.describe('as of a date, restore and undo (issue 51)', () => {
  test('a record read ignores query parameters it does not know, as it did before asOf', async ({ api }) => {
    const manager = await openSession(api, 'manager');
    const task = await createTask(manager, { title: uniqueTitle('Unbekannt'), assigneeId: manager.userId });
    const read = await expectJson<TaskRecord>(await manager.get(`${taskPath(task.id)}?q=x&_=1`), 200);
    expect(read.id).toBe(task.id);
    await expectApiError(await manager.get(`${taskPath(task.id)}?asOf=gestern&q=x`), 422, 'validation_failed');
  });

  test('a task: 422 before it existed, the state across a status change, after its deletion; the undo', async ({
    api,
  }) => {
    const [admin, manager] = await Promise.all([openSession(api, 'admin'), openSession(api, 'manager')]);
    const before = await moment();
    const task = await createTask(manager, { title: uniqueTitle('Stand'), assigneeId: manager.userId });
    const created = await moment();
    const started = await expectJson<TaskRecord>(
      await manager.patch(taskPath(task.id), { status: 'in_progress' }, ifMatch(task.version)),
      200,
    );
    const afterStart = await moment();

    const early = await expectApiError(await manager.get(asOf(taskPath(task.id), before)), 422, 'validation_failed');
    expect(early.details?.[0]).toMatchObject({ path: 'asOf', code: 'asOfBeforeCreation' });
    await expectApiError(await manager.get(`${taskPath(task.id)}?asOf=gestern`), 422, 'validation_failed');

    const then = await view(manager, taskPath(task.id), created);
    expect(then).toMatchObject({ values: { title: task.title, status: 'open' }, deletedAt: null, entries: 1 });
    expect(then.changedSince).toEqual(['status']);
    expect(then.verification).toEqual({ ok: true, checked: 1, firstBroken: null });
    const now = await view(manager, taskPath(task.id), new Date(Date.now() + 60_000).toISOString());
    expect(now).toMatchObject({ values: { status: 'in_progress' }, changedSince: [] });

    // Deleted by its creator: gone from reads, but kept; the creator's undo brings it back at once.
    expect((await manager.delete(taskPath(task.id), ifMatch(started.version))).status()).toBe(204);
    const deleted = await moment();
    await expectApiError(await manager.get(taskPath(task.id)), 404, 'not_found');
    const afterDeletion = await view(admin, taskPath(task.id), deleted);
    expect(afterDeletion.deletedAt).not.toBeNull();
    expect(afterDeletion.values).toMatchObject({ title: task.title, status: 'in_progress' });
    expect((await view(admin, taskPath(task.id), afterStart)).deletedAt).toBeNull();
    // A deleted record has no reach of its own: only staff see its past.
    await expectApiError(await manager.get(asOf(taskPath(task.id), deleted)), 404, 'not_found');

    expect((await manager.post(`${taskPath(task.id)}restore/`, {})).status()).toBe(204);
    const back = await expectJson<TaskRecord>(await manager.get(taskPath(task.id)), 200);
    expect(back).toMatchObject({ title: task.title, status: 'in_progress', version: started.version + 1 });
    // Not deleted any more: nothing to restore.
    const again = await expectApiError(await admin.post(`${taskPath(task.id)}restore/`, {}), 422, 'validation_failed');
    expect((again.details?.[0] as { code?: string } | undefined)?.code).toBe('restoreNotDeleted');
    // The history names the restore.
    const history = await expectJson<{ items: { action: string }[] }>(
      await admin.get(`/api/v1/changes/?entityId=${task.id}`),
      200,
    );
    expect(history.items.map((entry) => entry.action)).toContain('restore');
    await expectApiError(await manager.post(`${taskPath(randomUUID())}restore/`, {}), 404, 'not_found');
  });

  test('an account: its benefits and status as of before an approved change, and its sub-accounts then', async ({
    api,
  }) => {
    const [admin, backoffice] = await Promise.all([openSession(api, 'admin'), openSession(api, 'backoffice')]);
    const draft = await moment();
    const account = await activeAccount(admin, backoffice, 'Stand Konto', {
      benefits: [{ code: 'sachbezug', amountCents: 4000, unit: 'month' }],
    });
    const active = await moment();
    const sub = await createAccount(admin, 'Stand Unterkonto', { parentId: account.id });
    // A change of an active account's benefits waits for the second pair of eyes.
    const patched = await expectJson<{ approval: { id: string } | null }>(
      await admin.patch(
        accountPath(account.id),
        { benefits: [{ code: 'sachbezug', amountCents: 5000, unit: 'month' }] },
        ifMatch(account.version),
      ),
      200,
    );
    expect(patched.approval).not.toBeNull();
    expect((await decide(backoffice, patched.approval!.id, 'approve')).status).toBe('approved');
    const current = await expectJson<AccountRecord>(await admin.get(accountPath(account.id)), 200);
    expect(current.benefits).toEqual([{ code: 'sachbezug', amountCents: 5000, unit: 'month' }]);

    const then = await view(admin, accountPath(account.id), active);
    expect(then.values).toMatchObject({
      status: 'active',
      benefits: [{ code: 'sachbezug', amountCents: 4000, unit: 'month' }],
    });
    expect(then.changedSince).toContain('benefits');
    expect(then.verification.ok).toBe(true);
    expect(then.children).toEqual([]);
    const now = await view(admin, accountPath(account.id), new Date().toISOString());
    expect(now.children?.map((child) => child.id)).toEqual([sub.id]);
    // Across the status change: a draft before the activation was approved (if the moment fell in between).
    const first = await view(admin, accountPath(account.id), new Date(Date.parse(then.createdAt) + 1).toISOString());
    expect(first.values.status).toBe('draft');
    await expectApiError(await admin.get(asOf(accountPath(account.id), draft)), 422, 'validation_failed');
  });

  test('a user and a document as of a moment; a document restored by staff within the window', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const user = await view(admin, userPath(admin.userId), new Date().toISOString());
    expect(typeof user.values.email).toBe('string');
    expect(user.verification.ok).toBe(true);

    const title = uniqueTitle('Stand Dokument');
    const document = await expectJson<{ id: string; version: number }>(
      await upload(
        admin,
        '/api/v1/documents/',
        { title, category: 'contract', description: '' },
        { name: 'stand.pdf', type: 'application/pdf', content: pdfBytes(title) },
      ),
      201,
    );
    const path = `/api/v1/documents/${document.id}/`;
    expect((await admin.delete(path, ifMatch(document.version))).status()).toBe(204);
    const deleted = await moment();
    expect((await view(admin, path, deleted)).deletedAt).not.toBeNull();
    expect((await admin.post(`${path}restore/`, {})).status()).toBe(204);
    expect((await expectJson<{ title: string }>(await admin.get(path), 200)).title).toBe(title);
  });

  test('whitelist: undo of a bulk delete, and a restore refused when the value was entered again', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const account = await createAccount(admin, 'Stand Whitelist');
    const values = [0, 1, 2].map((index) => `stand-${index}-${randomUUID().slice(0, 8)}@example.com`);
    const entries: { id: string; version: number }[] = [];
    for (const value of values) {
      entries.push(await expectJson(await admin.post('/api/v1/whitelist/', { accountId: account.id, value }), 201));
    }
    const ids = entries.map((entry) => entry.id);
    const deleted = await bulk(admin, 'whitelist', { action: 'delete', ids });
    expect(deleted.results.every((row) => row.outcome === 'ok')).toBe(true);
    for (const id of ids) await expectApiError(await admin.get(`/api/v1/whitelist/${id}/`), 404, 'not_found');

    // The same value entered again meanwhile: that one cannot come back; the others can.
    await expectJson(await admin.post('/api/v1/whitelist/', { accountId: account.id, value: values[0] }), 201);
    const undone = await bulk(admin, 'whitelist', { action: 'restore', ids });
    expect(Object.fromEntries(undone.results.map((row) => [row.id, row.outcome]))).toEqual({
      [ids[0]!]: 'invalid',
      [ids[1]!]: 'ok',
      [ids[2]!]: 'ok',
    });
    expect(undone.results[0]?.reason?.code).toBe('restoreDuplicate');
    expect((await expectJson<{ value: string }>(await admin.get(`/api/v1/whitelist/${ids[1]}/`), 200)).value).toBe(
      values[1],
    );
  });

  test('tasks: undo of a bulk delete', async ({ api }) => {
    const manager = await openSession(api, 'manager');
    const label = uniqueTitle('Stand Bulk');
    const tasks = [
      await createTask(manager, { title: `${label} 1`, assigneeId: manager.userId }),
      await createTask(manager, { title: `${label} 2`, assigneeId: manager.userId }),
    ];
    const ids = tasks.map((task) => task.id);
    const deleted = await bulk(manager, 'tasks', { action: 'delete', ids });
    expect(deleted.results.map((row) => row.outcome)).toEqual(['ok', 'ok']);
    const undone = await bulk(manager, 'tasks', { action: 'restore', ids });
    expect(undone.results.map((row) => row.outcome)).toEqual(['ok', 'ok']);
    for (const task of tasks) {
      expect((await expectJson<TaskRecord>(await manager.get(taskPath(task.id)), 200)).title).toBe(task.title);
    }
  });

  // @alone: while an entry is changed every other test's verify would fail (see gdpr.spec.ts).
  test('a tampered entry: the as-of view says it cannot vouch for the state (PostgreSQL) @alone', async ({ api }) => {
    const ownerUrl = process.env.E2E_DATABASE_OWNER_URL;
    test.skip(!ownerUrl, 'runs when the suite runs on PostgreSQL (E2E_DATABASE_OWNER_URL, see .ci/run)');
    const manager = await openSession(api, 'manager');
    const task = await createTask(manager, { title: uniqueTitle('Stand Manipuliert'), assigneeId: manager.userId });
    const at = await moment();
    const { default: postgres } = await import('postgres');
    const sql = postgres(ownerUrl!, { max: 1, onnotice: () => {} });
    const [target] = await sql<{ id: string; entity_label: string }[]>`
      select id, entity_label from changes where entity_id = ${task.id} and action = 'create'`;
    const rewrite = (label: string) =>
      sql.begin(async (tx) => {
        await tx.unsafe('alter table changes disable trigger changes_no_update_delete');
        await tx`update changes set entity_label = ${label} where id = ${target!.id}`;
        await tx.unsafe('alter table changes enable always trigger changes_no_update_delete');
      });
    try {
      await rewrite('umgeschrieben');
      const broken = await view(manager, taskPath(task.id), at);
      expect(broken.verification).toMatchObject({ ok: false, firstBroken: { id: target!.id, reason: 'hash' } });
    } finally {
      await rewrite(target!.entity_label);
      await sql.end({ timeout: 5 });
    }
    expect((await view(manager, taskPath(task.id), at)).verification.ok).toBe(true);
  });
});
