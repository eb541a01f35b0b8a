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
import { activeAccount, decide, draftWithActivationRequest, type ChangeList } from '../fixtures/approvals';
import { createTask, ifMatch, taskPath, uniqueTitle, type TaskRecord } from '../fixtures/tasks';
import { inviteUser, userPath, type UserRecord } from '../fixtures/users';

/**
 * Issue 51 over real HTTP: "Diesen Stand wiederherstellen" — `POST /{resource}/{id}/restore-state/`
 * with `asOf` or `changeId` applies the inverse change through the edit's service: at once where an
 * edit applies at once, as an approval where an edit needs one (an active account's benefits), refused
 * on a conflict (a stale version, a field changed again since the entry), when the old state is no
 * longer valid (an archived account, a task's archived account), and outside reach or write rights.
 */

interface RestoreResult {
  id: string;
  version: number;
  restored: string[];
  approval: { id: string; kind: string; status: string } | null;
}

/** A moment between two steps (the server's clock is this machine's). */
async function moment(): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 60));
  const at = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 60));
  return at;
}

const restorePath = (path: string) => `${path}restore-state/`;

function restore(session: ApiSession, path: string, body: Record<string, unknown>, version?: number) {
  return session.post(restorePath(path), body, version === undefined ? {} : ifMatch(version));
}

async function problemCode(response: Awaited<ReturnType<ApiSession['post']>>, status: number, code: string) {
  const body = await expectApiError(response, status, code);
  return (body.details?.[0] as { code?: string; path?: string } | undefined) ?? {};
}

test.describe('restore a state (issue 51)', () => {
  test('a task: as of a moment at once, undo of one entry, a conflict, a stale version, reach', async ({ api }) => {
    const [admin, manager] = await Promise.all([openSession(api, 'admin'), openSession(api, 'manager')]);
    const title = uniqueTitle('Zurück');
    const task = await createTask(manager, { title, assigneeId: manager.userId });
    const created = await moment();
    const changed = await expectJson<TaskRecord>(
      await manager.patch(taskPath(task.id), { status: 'in_progress', title: `${title} neu` }, ifMatch(task.version)),
      200,
    );

    // The version compared against is required, as for an edit; a stale one is a 409 with the record now.
    await expectApiError(await restore(manager, taskPath(task.id), { asOf: created }), 428, 'precondition_required');
    const stale = await expectApiError(
      await restore(manager, taskPath(task.id), { asOf: created }, task.version),
      409,
      'conflict',
    );
    expect(stale.current).toMatchObject({ id: task.id, version: changed.version, status: 'in_progress' });
    await problemCode(
      await restore(manager, taskPath(task.id), { asOf: created, changeId: randomUUID() }, changed.version),
      422,
      'validation_failed',
    );

    const back = await expectJson<RestoreResult>(
      await restore(manager, taskPath(task.id), { asOf: created }, changed.version),
      200,
    );
    expect(back).toMatchObject({ id: task.id, restored: ['status', 'title'], approval: null });
    const now = await expectJson<TaskRecord>(await manager.get(taskPath(task.id)), 200);
    expect(now).toMatchObject({ title, status: 'open', version: back.version });
    // Nothing differs any more.
    expect(
      await problemCode(
        await restore(manager, taskPath(task.id), { asOf: created }, now.version),
        422,
        'validation_failed',
      ),
    ).toMatchObject({ code: 'restoreNothing' });

    // Undo one entry: its fields go back — unless one changed again since (a conflict, named).
    const high = await expectJson<TaskRecord>(
      await manager.patch(taskPath(task.id), { priority: 'high' }, ifMatch(now.version)),
      200,
    );
    const low = await expectJson<TaskRecord>(
      await manager.patch(taskPath(task.id), { priority: 'low' }, ifMatch(high.version)),
      200,
    );
    const history = await expectJson<ChangeList>(await manager.get(`/api/v1/changes/?entityId=${task.id}`), 200);
    const entryOf = (priority: string) =>
      history.items.find((entry) =>
        entry.fields.some((field) => field.field === 'priority' && field.after === priority),
      )!;
    const conflicting = await expectApiError(
      await restore(manager, taskPath(task.id), { changeId: entryOf('high').id }, low.version),
      409,
      'conflict',
    );
    expect(conflicting.message).toContain('priority');
    expect(conflicting.details?.map((detail) => detail.path)).toEqual(['priority']);
    const undone = await expectJson<RestoreResult>(
      await restore(manager, taskPath(task.id), { changeId: entryOf('low').id }, low.version),
      200,
    );
    expect(undone.restored).toEqual(['priority']);
    expect((await expectJson<TaskRecord>(await manager.get(taskPath(task.id)), 200)).priority).toBe('high');
    // An entry of another record is not this record's.
    const foreign = await createTask(manager, { title: uniqueTitle('Fremd'), assigneeId: manager.userId });
    const foreignHistory = await expectJson<ChangeList>(
      await manager.get(`/api/v1/changes/?entityId=${foreign.id}`),
      200,
    );
    await expectApiError(
      await restore(manager, taskPath(task.id), { changeId: foreignHistory.items[0]!.id }, undone.version),
      404,
      'not_found',
    );

    // Reach: a task the manager does not see is a 404, as for an edit.
    const adminTask = await createTask(admin, { title: uniqueTitle('Nur Admin'), assigneeId: admin.userId });
    const adminMoment = await moment();
    await expectApiError(
      await restore(manager, taskPath(adminTask.id), { asOf: adminMoment }, adminTask.version),
      404,
      'not_found',
    );
  });

  test('an active account: benefits back through the four-eyes approval, the name at once', async ({ api }) => {
    const [admin, backoffice, manager] = await Promise.all([
      openSession(api, 'admin'),
      openSession(api, 'backoffice'),
      openSession(api, 'manager'),
    ]);
    const account = await activeAccount(admin, backoffice, 'Zurück Konto', {
      benefits: [{ code: 'sachbezug', amountCents: 4000, unit: 'month' }],
    });
    const then = await moment();
    const patched = await expectJson<{ account: AccountRecord; approval: { id: string } | null }>(
      await admin.patch(
        accountPath(account.id),
        { name: `${account.name} neu`, benefits: [{ code: 'sachbezug', amountCents: 5000, unit: 'month' }] },
        ifMatch(account.version),
      ),
      200,
    );
    await decide(backoffice, patched.approval!.id, 'approve');
    const changed = await expectJson<AccountRecord>(await admin.get(accountPath(account.id)), 200);
    expect(changed.benefits).toEqual([{ code: 'sachbezug', amountCents: 5000, unit: 'month' }]);

    // A manager may not edit accounts: no restore either.
    await expectApiError(
      await restore(manager, accountPath(account.id), { asOf: then }, changed.version),
      403,
      'forbidden',
    );

    const result = await expectJson<RestoreResult>(
      await restore(admin, accountPath(account.id), { asOf: then }, changed.version),
      200,
    );
    expect(result.restored).toEqual(['name']);
    expect(result.approval).toMatchObject({ kind: 'benefit_change', status: 'pending' });
    const pending = await expectJson<AccountRecord>(await admin.get(accountPath(account.id)), 200);
    expect(pending).toMatchObject({ name: account.name, version: result.version });
    expect(pending.benefits).toEqual([{ code: 'sachbezug', amountCents: 5000, unit: 'month' }]);
    // The requester cannot decide it; the second pair of eyes can.
    await expectApiError(
      await admin.post(`/api/v1/approvals/${result.approval!.id}/approve/`, { comment: 'x' }),
      403,
      'four_eyes',
    );
    await decide(backoffice, result.approval!.id, 'approve');
    const restored = await expectJson<AccountRecord>(await admin.get(accountPath(account.id)), 200);
    expect(restored.benefits).toEqual([{ code: 'sachbezug', amountCents: 4000, unit: 'month' }]);
  });

  test('an active account back to a suspended state: suspended at once, its benefits still through four eyes', async ({
    api,
  }) => {
    const [admin, backoffice] = await Promise.all([openSession(api, 'admin'), openSession(api, 'backoffice')]);
    const benefit = (amountCents: number) => [{ code: 'sachbezug', amountCents, unit: 'month' }];
    const account = await activeAccount(admin, backoffice, 'Zurück Ruhend', { benefits: benefit(4000) });
    // Suspended, its benefits are edited directly; that is the state to go back to.
    const suspended = await expectJson<AccountRecord>(await admin.post(accountPath(account.id, 'suspend')), 200);
    const edited = await expectJson<{ account: AccountRecord; approval: unknown }>(
      await admin.patch(accountPath(account.id), { benefits: benefit(3000) }, ifMatch(suspended.version)),
      200,
    );
    expect(edited).toMatchObject({ account: { benefits: benefit(3000) }, approval: null });
    const then = await moment();
    // Active again, with other benefits (four eyes, as on every active account).
    const resumed = await expectJson<AccountRecord>(await admin.post(accountPath(account.id, 'resume')), 200);
    const raised = await expectJson<{ approval: { id: string } }>(
      await admin.patch(accountPath(account.id), { benefits: benefit(6000) }, ifMatch(resumed.version)),
      200,
    );
    await decide(backoffice, raised.approval.id, 'approve');
    const now = await expectJson<AccountRecord>(await admin.get(accountPath(account.id)), 200);
    expect(now).toMatchObject({ status: 'active', benefits: benefit(6000) });

    const result = await expectJson<RestoreResult>(
      await restore(admin, accountPath(account.id), { asOf: then }, now.version),
      200,
    );
    expect(result).toMatchObject({ restored: ['status'], approval: { kind: 'benefit_change', status: 'pending' } });
    const pending = await expectJson<AccountRecord>(await admin.get(accountPath(account.id)), 200);
    expect(pending).toMatchObject({ status: 'suspended', benefits: benefit(6000), version: result.version });
    await decide(backoffice, result.approval!.id, 'approve');
    expect(await expectJson<AccountRecord>(await admin.get(accountPath(account.id)), 200)).toMatchObject({
      status: 'suspended',
      benefits: benefit(3000),
    });
  });

  test('an account’s status back (resume); an archived account and a task’s archived account refuse', async ({
    api,
  }) => {
    const [admin, backoffice] = await Promise.all([openSession(api, 'admin'), openSession(api, 'backoffice')]);
    const account = await activeAccount(admin, backoffice, 'Zurück Status');
    const active = await moment();
    const suspended = await expectJson<AccountRecord>(await admin.post(accountPath(account.id, 'suspend')), 200);
    expect(suspended.status).toBe('suspended');
    const resumed = await expectJson<RestoreResult>(
      await restore(admin, accountPath(account.id), { asOf: active }, suspended.version),
      200,
    );
    expect(resumed).toMatchObject({ restored: ['status'], approval: null });
    expect((await expectJson<AccountRecord>(await admin.get(accountPath(account.id)), 200)).status).toBe('active');

    // Back to a draft leads no action.
    const draft = await createAccount(admin, 'Zurück Entwurf');
    const asDraft = await moment();
    const ref = await expectJson<{ id: string }>(
      await admin.post(accountPath(draft.id, 'activation'), { reason: 'Vertrag liegt vor.' }),
      201,
    );
    await decide(backoffice, ref.id, 'approve');
    const activated = await expectJson<AccountRecord>(await admin.get(accountPath(draft.id)), 200);
    expect(
      await problemCode(
        await restore(admin, accountPath(draft.id), { asOf: asDraft }, activated.version),
        422,
        'validation_failed',
      ),
    ).toMatchObject({ path: 'status', code: 'restoreStatus' });

    // A task that belonged to an account archived since: its old state is no longer valid.
    const task = await createTask(admin, {
      title: uniqueTitle('Altes Konto'),
      assigneeId: admin.userId,
      accountId: account.id,
    });
    const onAccount = await moment();
    const moved = await expectJson<TaskRecord>(
      await admin.patch(taskPath(task.id), { accountId: null }, ifMatch(task.version)),
      200,
    );
    const archive = await expectJson<{ id: string }>(
      await admin.post(accountPath(account.id, 'archive'), { reason: 'Vertrag beendet.' }),
      201,
    );
    await decide(backoffice, archive.id, 'approve');
    expect(
      await problemCode(
        await restore(admin, taskPath(task.id), { asOf: onAccount }, moved.version),
        422,
        'validation_failed',
      ),
    ).toMatchObject({ path: 'accountId' });
    expect((await expectJson<TaskRecord>(await admin.get(taskPath(task.id)), 200)).version).toBe(moved.version);

    // The archived account itself: read-only, no state of it comes back.
    const archived = await expectJson<AccountRecord>(await admin.get(accountPath(account.id)), 200);
    expect(archived.status).toBe('archived');
    expect(
      await problemCode(
        await restore(admin, accountPath(account.id), { asOf: active }, archived.version),
        422,
        'validation_failed',
      ),
    ).toMatchObject({ code: 'restoreAccountArchived' });
  });

  test('an account’s restore is one unit: a refused field step leaves its status step unapplied', async ({ api }) => {
    const [admin, backoffice, distributor] = await Promise.all([
      openSession(api, 'admin'),
      openSession(api, 'backoffice'),
      openSession(api, 'distributor'),
    ]);
    const other = await inviteUser(admin, 'Zweiter Vertrieb', { role: 'distributor' });
    const parent = await activeAccount(admin, backoffice, 'Halb Eltern', { distributorId: distributor.userId });
    const { account: draft, approvalId } = await draftWithActivationRequest(admin, 'Halb Kind', {
      parentId: parent.id,
    });
    await decide(backoffice, approvalId, 'approve');
    const child = await expectJson<AccountRecord>(await admin.get(accountPath(draft.id)), 200);
    expect(child).toMatchObject({ status: 'active', distributorId: distributor.userId });
    const then = await moment();

    // The parent's new distributor reaches the child; then the child is suspended.
    await expectJson(
      await admin.patch(accountPath(parent.id), { distributorId: other.id }, ifMatch(parent.version)),
      200,
    );
    const suspended = await expectJson<AccountRecord>(await admin.post(accountPath(child.id, 'suspend')), 200);
    expect(suspended).toMatchObject({ status: 'suspended', distributorId: other.id });
    const entries = async () =>
      (await expectJson<ChangeList>(await admin.get(`/api/v1/changes/?entityId=${child.id}&perPage=100`), 200)).items
        .map((entry) => entry.id)
        .sort();
    const before = await entries();

    // As of then: active (resume, which its active parent allows) and the old distributor, which a
    // sub-account cannot be given (it inherits its tree's): the field step is refused…
    expect(
      await problemCode(
        await restore(admin, accountPath(child.id), { asOf: then }, suspended.version),
        422,
        'validation_failed',
      ),
    ).toMatchObject({ path: 'distributorId', code: 'subAccountDistributorAtTop' });
    // …and the status step with it: nothing of the restore was applied, no history entry written.
    const after = await expectJson<AccountRecord>(await admin.get(accountPath(child.id)), 200);
    expect(after).toMatchObject({ status: 'suspended', distributorId: other.id, version: suspended.version });
    expect(await entries()).toEqual(before);
  });

  test('a user, a whitelist entry and a deleted task', async ({ api }) => {
    const [admin, backoffice] = await Promise.all([openSession(api, 'admin'), openSession(api, 'backoffice')]);
    const user = await inviteUser(admin, 'Zurück Person', { role: 'distributor', phone: '030 111' });
    const before = await moment();
    const changed = await expectJson<{ user: UserRecord }>(
      await admin.patch(userPath(user.id), { phone: '030 222', lastName: 'Anders' }, ifMatch(user.version)),
      200,
    );
    const userBack = await expectJson<RestoreResult>(
      await restore(admin, userPath(user.id), { asOf: before }, changed.user.version),
      200,
    );
    expect(userBack.restored).toEqual(['lastName', 'phone']);
    expect(await expectJson<UserRecord>(await admin.get(userPath(user.id)), 200)).toMatchObject({
      phone: '030 111',
      lastName: user.lastName,
    });

    const account = await activeAccount(admin, backoffice, 'Zurück Whitelist');
    const value = `zurueck-${randomUUID().slice(0, 8)}.de`;
    const entry = await expectJson<{ id: string; version: number }>(
      await admin.post('/api/v1/whitelist/', { accountId: account.id, value, note: 'alt' }),
      201,
    );
    const entryPath = `/api/v1/whitelist/${entry.id}/`;
    const original = await moment();
    const edited = await expectJson<{ version: number }>(
      await admin.patch(entryPath, { note: 'neu' }, ifMatch(entry.version)),
      200,
    );
    expect(
      (await expectJson<RestoreResult>(await restore(admin, entryPath, { asOf: original }, edited.version), 200))
        .restored,
    ).toEqual(['note']);
    expect((await expectJson<{ note: string }>(await admin.get(entryPath), 200)).note).toBe('alt');

    // A deleted record has no edit: it comes back with its own restore first.
    const task = await createTask(admin, { title: uniqueTitle('Gelöscht'), assigneeId: admin.userId });
    const alive = await moment();
    expect((await admin.delete(taskPath(task.id), ifMatch(task.version))).status()).toBe(204);
    expect(
      await problemCode(
        await restore(admin, taskPath(task.id), { asOf: alive }, task.version),
        422,
        'validation_failed',
      ),
    ).toMatchObject({ code: 'restoreDeleted' });
  });
});
