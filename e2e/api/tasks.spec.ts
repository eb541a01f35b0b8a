import { expect, test } from '../fixtures/api';
import { DOCUMENTS, pdfBytes, upload } from '../fixtures/documents';
import {
  accountByName,
  expectApiError,
  expectInvalid,
  expectJson,
  openSession,
  type ApiSession,
} from '../fixtures/accounts';
import { DEMO_PASSWORD, demoUser, type DemoRole } from '../fixtures/demo-users';
import {
  DASHBOARD,
  TASKS,
  TASKS_CSV,
  berlinDay,
  createTask,
  freshManager,
  ifMatch,
  listTasks,
  taskIdsIn,
  taskPath,
  uniqueTitle,
  type TaskRecord,
} from '../fixtures/tasks';
import { userByEmail } from '../fixtures/users';

/**
 * The tasks API and the dashboard over real HTTP (SPEC §1 tasks.read/.write, §2 Task, §3 `/`).
 * Every test creates the tasks it reads, with titles of its own, and searches for them, so tasks of
 * other tests never matter. Tasks are given to the four demo sign-ins and to these demo managers,
 * who are only read otherwise: lukas.hartmann@ (Müller Logistik Nord, in manager@'s tree and
 * vertrieb@'s reach) and jana.hansen@ (Bäckerei Hansen, vertrieb@'s, not in manager@'s tree).
 */

const MUELLER = 'Müller Logistik GmbH';
const MUELLER_NORD = 'Müller Logistik Nord GmbH';
const HANSEN = 'Bäckerei Hansen KG';
const LUKAS = 'lukas.hartmann@example.com';
const JANA = 'jana.hansen@example.com';

type Sessions = Record<DemoRole, ApiSession>;

async function openAll(api: Parameters<typeof openSession>[0]): Promise<Sessions> {
  const [admin, backoffice, distributor, manager] = await Promise.all(
    (['admin', 'backoffice', 'distributor', 'manager'] as const).map((role) => openSession(api, role)),
  );
  return { admin: admin!, backoffice: backoffice!, distributor: distributor!, manager: manager! };
}

test.describe('tasks API', () => {
  test('views and reach: every role sees its own tasks and not the others’', async ({ api }) => {
    const s = await openAll(api);
    const mueller = await accountByName(s.admin, MUELLER);
    const label = uniqueTitle('Sichtbarkeit');
    // One task per role, each created by that role for itself (a to-do) …
    const todos = {} as Record<DemoRole, TaskRecord>;
    for (const role of ['admin', 'backoffice', 'distributor', 'manager'] as const) {
      todos[role] = await createTask(s[role], { title: `${label} To-do ${role}`, assigneeId: s[role].userId });
    }
    // … and one the admin gives the distributor about Müller Logistik.
    const given = await createTask(s.admin, {
      title: `${label} vergeben`,
      assigneeId: s.distributor.userId,
      accountId: mueller.id,
      priority: 'high',
    });
    expect(given).toMatchObject({
      status: 'open',
      assignee: { id: s.distributor.userId },
      createdBy: { id: s.admin.userId },
      account: { id: mueller.id, name: MUELLER },
      completedAt: null,
      version: 1,
    });

    for (const role of ['admin', 'backoffice', 'distributor', 'manager'] as const) {
      const own = todos[role];
      expect(await taskIdsIn(s[role], 'todo', label), `${role}: todo`).toEqual([own.id]);
      expect(await taskIdsIn(s[role], 'assigned', label), `${role}: assigned`).toEqual(
        role === 'distributor' ? expect.arrayContaining([own.id, given.id]) : [own.id],
      );
      await expectJson(await s[role].get(taskPath(own.id)), 200);
      for (const other of ['admin', 'backoffice', 'distributor', 'manager'] as const) {
        if (other === role) continue;
        const answer = await s[role].get(taskPath(todos[other].id));
        // Admin and back office see every task; the others only their own (404, not 403).
        if (role === 'admin' || role === 'backoffice') expect(answer.status(), `${role} → ${other}`).toBe(200);
        else await expectApiError(answer, 404, 'not_found');
      }
    }
    expect(await taskIdsIn(s.admin, 'delegated', label)).toEqual([given.id]);
    expect(await taskIdsIn(s.distributor, 'delegated', label)).toEqual([]);
    expect((await taskIdsIn(s.backoffice, 'all', label)).sort()).toEqual(
      [...Object.values(todos).map((task) => task.id), given.id].sort(),
    );
    expect((await taskIdsIn(s.distributor, 'mine', label)).sort()).toEqual([todos.distributor.id, given.id].sort());
    await expectApiError(await s.distributor.get(`${TASKS}?view=all`), 403, 'forbidden');
    await expectApiError(await s.manager.get(`${TASKS}?view=all`), 403, 'forbidden');
    await expectApiError(await s.manager.get(`${TASKS_CSV}?view=all`), 403, 'forbidden');
    await expectApiError(await s.manager.get(taskPath(given.id)), 404, 'not_found');
    await expectInvalid(await s.admin.get(`${TASKS}?view=everything`), 'view');
    await expectInvalid(await s.admin.get(`${TASKS}?sort=secret`), 'sort');
  });

  test('the assignee must be in reach and see the account, on create and on reassign', async ({ api }) => {
    const s = await openAll(api);
    const [nord, hansen, mueller, lukas, jana] = await Promise.all([
      accountByName(s.distributor, MUELLER_NORD),
      accountByName(s.distributor, HANSEN),
      accountByName(s.distributor, MUELLER),
      userByEmail(s.distributor, LUKAS),
      userByEmail(s.distributor, JANA),
    ]);
    const title = uniqueTitle('Zuweisung');

    // A manager cannot give a task to a manager of another tree.
    await expectInvalid(await s.manager.post(TASKS, { title, assigneeId: jana.id }), 'assigneeId');
    // Jana cannot see Müller Logistik: not as her task's account.
    await expectInvalid(
      await s.distributor.post(TASKS, { title, assigneeId: jana.id, accountId: mueller.id }),
      'assigneeId',
    );
    // An account outside the actor's reach is refused on its own field.
    const rheinland = await accountByName(s.admin, 'Rheinland Pflegedienste GmbH');
    await expectInvalid(
      await s.distributor.post(TASKS, { title, assigneeId: lukas.id, accountId: rheinland.id }),
      'accountId',
    );

    const task = await createTask(s.distributor, {
      title,
      assigneeId: lukas.id,
      accountId: nord.id,
      dueDate: berlinDay(3),
    });
    // Reassigning to Jana keeps Müller Logistik Nord, which she cannot see.
    await expectInvalid(
      await s.distributor.patch(taskPath(task.id), { assigneeId: jana.id }, ifMatch(task.version)),
      'assigneeId',
    );
    // With her own account it is fine.
    const moved = await expectJson<TaskRecord>(
      await s.distributor.patch(
        taskPath(task.id),
        { assigneeId: jana.id, accountId: hansen.id },
        ifMatch(task.version),
      ),
      200,
    );
    expect(moved).toMatchObject({ assignee: { id: jana.id }, account: { id: hansen.id }, version: task.version + 1 });
    // The manager in whose tree the account was no longer sees it.
    await expectApiError(await s.manager.get(taskPath(task.id)), 404, 'not_found');
    // Unknown fields, NUL and bidi controls are refused.
    await expectInvalid(await s.distributor.post(TASKS, { title: 'a\u0000b', assigneeId: lukas.id }), 'title');
    await expectInvalid(await s.distributor.post(TASKS, { title: 'a\u202eb', assigneeId: lukas.id }), 'title');
    await expectInvalid(await s.distributor.post(TASKS, { title: 'x'.repeat(201), assigneeId: lukas.id }), 'title');
    await expectApiError(
      await s.distributor.post(TASKS, { title, assigneeId: lukas.id, secret: 1 }),
      422,
      'validation_failed',
    );
  });

  test('status changes set and clear completedAt; versions are enforced; only the creator deletes', async ({ api }) => {
    const s = await openAll(api);
    const task = await createTask(s.distributor, { title: uniqueTitle('Erledigen'), assigneeId: s.manager.userId });
    // No version → 428; a stale one → 409 with the current record.
    await expectApiError(await s.manager.patch(taskPath(task.id), { status: 'done' }), 428, 'precondition_required');
    const done = await expectJson<TaskRecord>(
      await s.manager.patch(taskPath(task.id), { status: 'done' }, ifMatch(task.version)),
      200,
    );
    expect(done.completedAt).not.toBeNull();
    const stale = await expectApiError(
      await s.manager.patch(taskPath(task.id), { status: 'open' }, ifMatch(task.version)),
      409,
      'conflict',
    );
    expect(stale.current).toMatchObject({ id: task.id, status: 'done', version: done.version });
    const reopened = await expectJson<TaskRecord>(
      await s.distributor.patch(taskPath(task.id), { status: 'in_progress', version: done.version }),
      200,
    );
    expect(reopened).toMatchObject({ status: 'in_progress', completedAt: null });

    // The history recorded create and both updates.
    const history = await expectJson<{ items: { action: string }[] }>(
      await s.admin.get(`/api/v1/changes/?entityId=${task.id}&perPage=10`),
      200,
    );
    expect(history.items.map((item) => item.action).sort()).toEqual(['create', 'update', 'update']);

    // The assignee may not delete; the creator may, with the current version.
    const managerToken = await api.login(demoUser('manager').email, DEMO_PASSWORD);
    const distributorToken = await api.login(demoUser('distributor').email, DEMO_PASSWORD);
    const asManager = { authorization: `Bearer ${managerToken.id_token}` };
    const asDistributor = { authorization: `Bearer ${distributorToken.id_token}` };
    await expectApiError(
      await api.delete(taskPath(task.id), { headers: { ...asManager, ...ifMatch(reopened.version) } }),
      403,
      'forbidden',
    );
    await expectApiError(await api.delete(taskPath(task.id), { headers: asDistributor }), 428, 'precondition_required');
    await expectApiError(
      await api.delete(taskPath(task.id), { headers: { ...asDistributor, ...ifMatch(done.version) } }),
      409,
      'conflict',
    );
    const deleted = await api.delete(taskPath(task.id), {
      headers: { ...asDistributor, ...ifMatch(reopened.version) },
    });
    expect(deleted.status()).toBe(204);
    await expectApiError(await s.distributor.get(taskPath(task.id)), 404, 'not_found');
  });

  test('filters: due (Europe/Berlin), status, priority, search, sort, and the CSV export', async ({ api }) => {
    const s = await openAll(api);
    const label = uniqueTitle('Filter');
    const me = s.backoffice.userId;
    const overdue = await createTask(s.backoffice, {
      title: `${label} A überfällig`,
      assigneeId: me,
      dueDate: berlinDay(-2),
      priority: 'high',
    });
    const today = await createTask(s.backoffice, { title: `${label} B heute`, assigneeId: me, dueDate: berlinDay(0) });
    const week = await createTask(s.backoffice, {
      title: `${label} C Woche`,
      assigneeId: me,
      dueDate: berlinDay(5),
      priority: 'low',
    });
    const doneLate = await createTask(s.backoffice, {
      title: `${label} D erledigt`,
      assigneeId: me,
      dueDate: berlinDay(-3),
      status: 'done',
    });
    const undated = await createTask(s.backoffice, { title: `${label} E ohne Datum`, assigneeId: me });
    expect(overdue.isOverdue).toBe(true);
    expect(doneLate).toMatchObject({ isOverdue: false, completedAt: expect.any(String) });

    const ids = async (query: Record<string, string>) =>
      (await listTasks(s.backoffice, { view: 'todo', q: label, perPage: 100, ...query })).items.map((item) => item.id);
    expect(await ids({ due: 'overdue' })).toEqual([overdue.id]);
    expect(await ids({ due: 'today' })).toEqual([today.id]);
    expect(await ids({ due: 'week' })).toEqual([today.id, week.id]);
    expect(await ids({ status: 'done' })).toEqual([doneLate.id]);
    expect(await ids({ status: 'not_done' })).toEqual([overdue.id, today.id, week.id, undated.id]);
    expect(await ids({ priority: 'low' })).toEqual([week.id]);
    // Sorted by due date: undated last, whichever direction.
    expect(await ids({ sort: 'dueDate', order: 'desc' })).toEqual([
      week.id,
      today.id,
      overdue.id,
      doneLate.id,
      undated.id,
    ]);
    expect((await ids({ sort: 'priority', order: 'desc' }))[0]).toBe(overdue.id);

    const csv = await s.backoffice.get(`${TASKS_CSV}?view=todo&q=${encodeURIComponent(label)}&sort=title`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const text = (await csv.body()).toString('utf8');
    expect(text.startsWith('\uFEFFTitel;Status;Priorität;Fällig am')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(`${label} A überfällig;Offen;Hoch;`);
    const english = await s.backoffice.get(`${TASKS_CSV}?view=todo&q=${encodeURIComponent(label)}&sort=title`, {
      'accept-language': 'en',
    });
    const englishLines = (await english.body()).toString('utf8').trim().split('\r\n');
    expect(englishLines[0]).toBe('Title;Status;Priority;Due;Assignee;Created by;Account;Completed on;Created on');
    expect(englishLines[1]).toContain(';Open;High;');
    // Other users' to-dos are not in my export.
    const foreign = await s.distributor.get(`${TASKS_CSV}?view=todo&q=${encodeURIComponent(label)}`);
    expect((await foreign.body()).toString('utf8').trim().split('\r\n')).toHaveLength(1);
  });

  test('pickers offer only whom and what is in reach', async ({ api }) => {
    const s = await openAll(api);
    const [lukas, jana, nord] = await Promise.all([
      userByEmail(s.distributor, LUKAS),
      userByEmail(s.distributor, JANA),
      accountByName(s.distributor, MUELLER_NORD),
    ]);
    const managerOptions = await expectJson<{ items: { id: string }[] }>(
      await s.manager.get('/api/v1/tasks/assignees/?perPage=50'),
      200,
    );
    const offered = managerOptions.items.map((item) => item.id);
    expect(offered).toContain(s.manager.userId);
    expect(offered).toContain(lukas.id);
    expect(offered).not.toContain(jana.id);
    expect(offered).not.toContain(s.admin.userId);

    const forJana = await expectJson<{ items: { id: string; name: string }[] }>(
      await s.distributor.get(`/api/v1/tasks/accounts/?assigneeId=${jana.id}&q=M%C3%BCller`),
      200,
    );
    expect(forJana.items).toEqual([]);
    const forLukas = await expectJson<{ items: { id: string }[] }>(
      await s.distributor.get(`/api/v1/tasks/accounts/?assigneeId=${lukas.id}&q=Nord`),
      200,
    );
    expect(forLukas.items.map((item) => item.id)).toContain(nord.id);
  });

  test('the dashboard counts equal the lists they summarise', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const { session: manager, account } = await freshManager(api, admin, 'Dashboard');
    const label = uniqueTitle('Dashboard');
    // Two open (one overdue), one done; one the admin gives them about their account.
    await createTask(manager, { title: `${label} 1`, assigneeId: manager.userId, dueDate: berlinDay(-1) });
    await createTask(manager, { title: `${label} 2`, assigneeId: manager.userId, dueDate: berlinDay(2) });
    await createTask(manager, { title: `${label} 3`, assigneeId: manager.userId, status: 'done' });
    await createTask(admin, { title: `${label} 4`, assigneeId: manager.userId, accountId: account.id });

    const dashboard = await expectJson<{
      tasks: { openCount: number; overdueCount: number; items: { title: string }[] };
      approvals: { mode: string; count: number };
      changes: { items: { entityType: string }[] };
      accountsByStatus: { status: string; count: number }[];
      documents: { count: number; items: unknown[] } | null;
    }>(await manager.get(DASHBOARD), 200);
    const open = await listTasks(manager, { view: 'assigned', status: 'not_done', perPage: 1 });
    const overdue = await listTasks(manager, { view: 'assigned', due: 'overdue', perPage: 1 });
    expect(dashboard.tasks).toMatchObject({ openCount: 3, overdueCount: 1 });
    expect(open.total).toBe(dashboard.tasks.openCount);
    expect(overdue.total).toBe(dashboard.tasks.overdueCount);
    expect(dashboard.tasks.items[0]?.title).toBe(`${label} 1`);

    const approvals = await expectJson<{ total: number }>(
      await manager.get('/api/v1/approvals/?mine=true&perPage=1'),
      200,
    );
    expect(dashboard.approvals).toMatchObject({ mode: 'requested', count: approvals.total });

    const accounts = await expectJson<{ total: number }>(await manager.get('/api/v1/accounts/?perPage=1'), 200);
    expect(dashboard.accountsByStatus.reduce((sum, entry) => sum + entry.count, 0)).toBe(accounts.total);
    expect(dashboard.accountsByStatus).toContainEqual({ status: 'draft', count: 1 });
    // The admin's task about their account is in their history; the to-dos without account are not.
    expect(dashboard.changes.items.some((item) => item.entityType === 'task')).toBe(true);
    // Documents this week: general ones count for everyone, and other tests add those meanwhile, so
    // the count is checked against the dashboard's own list and a document uploaded to their account.
    expect(dashboard.documents!.count).toBeGreaterThanOrEqual(dashboard.documents!.items.length);
    const title = uniqueTitle('Dashboard document');
    const uploaded = await upload(
      admin,
      DOCUMENTS,
      { title, category: 'contract', accountId: account.id, description: '' },
      { name: 'vertrag.pdf', type: 'application/pdf', content: pdfBytes(title) },
    );
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const after = await expectJson<{
      documents: { since: string; count: number; items: { title: string; createdAt: string }[] };
    }>(await manager.get(DASHBOARD), 200);
    expect(after.documents.count).toBeGreaterThanOrEqual(after.documents.items.length);
    expect(after.documents.items.map((item) => item.title)).toContain(title);
    const berlinDate = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(iso));
    for (const item of after.documents.items) expect(berlinDate(item.createdAt) >= after.documents.since).toBe(true);

    // The demo roles: every part is there, and the admin's counts equal the lists too.
    const adminBoard = await expectJson<{
      approvals: { mode: string; count: number };
      accountsByStatus: { status: string; count: number }[];
    }>(await admin.get(DASHBOARD), 200);
    expect(adminBoard.approvals.mode).toBe('decide');
    const drafts = await expectJson<{ total: number }>(
      await admin.get('/api/v1/accounts/?status=archived&perPage=1'),
      200,
    );
    expect(adminBoard.accountsByStatus.find((entry) => entry.status === 'archived')?.count).toBe(drafts.total);
    await expectApiError(await api.get(DASHBOARD), 401, 'unauthorized');
  });

  test('the CSV export speaks the caller’s language', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const { session, user } = await freshManager(api, admin, 'Export', { locale: 'en' });
    const title = uniqueTitle('English export');
    await createTask(session, { title, assigneeId: user.id, dueDate: '2026-12-24' });
    const csv = await session.get(`${TASKS_CSV}?view=todo`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(/filename="?tasks-/);
    const text = (await csv.body()).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    // trim() drops the byte-order mark as well.
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Title;Status;Priority;Due;Assignee;Created by;Account;Completed on;Created on');
    expect(lines[1]).toContain(`${title};Open;Normal;24.12.2026;`);
  });
});
