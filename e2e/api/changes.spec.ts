import path from 'node:path';
import { expect, test } from '../fixtures/api';
import {
  accountByName,
  accountPath,
  createAccount,
  expectApiError,
  expectInvalid,
  expectJson,
  openSession,
  type ApiSession,
} from '../fixtures/accounts';
import { CHANGES, CHANGES_CSV, changePath, listChanges, type ChangeRecord } from '../fixtures/approvals';
import type { DemoRole } from '../fixtures/demo-users';
import { inviteUser } from '../fixtures/users';
import { createTask, taskPath } from '../fixtures/tasks';

/**
 * The history API over real HTTP (SPEC §2 Change, §1 history.read): reach, filters, paging,
 * export, and that nothing, not even the application's own database user, can rewrite it.
 */

const MUELLER = 'Müller Logistik GmbH'; // vertrieb@example.com's, managed by manager@example.com
const RHEINLAND = 'Rheinland Pflegedienste GmbH'; // another distributor's tree

const berlinDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

test.describe('reach', () => {
  // prettier-ignore
  const MATRIX: ReadonlyArray<readonly [DemoRole, 'own' | 'foreign', boolean]> = [
    ['admin',       'own',     true],
    ['admin',       'foreign', true],
    ['backoffice',  'own',     true],
    ['backoffice',  'foreign', true],
    ['distributor', 'own',     true],
    ['distributor', 'foreign', false],
    ['manager',     'own',     true],
    ['manager',     'foreign', false],
  ];
  for (const [role, reach, visible] of MATRIX) {
    test(`${role} × ${reach} account's history`, async ({ api }) => {
      const admin = await openSession(api, 'admin');
      const session = role === 'admin' ? admin : await openSession(api, role);
      const account = await accountByName(admin, reach === 'own' ? MUELLER : RHEINLAND);
      const all = await listChanges(admin, { accountId: account.id, perPage: 5 });
      expect(all.items.length).toBeGreaterThan(0);
      const sample = all.items[0]!;

      const listed = await listChanges(session, { accountId: account.id, perPage: 5 });
      expect(listed.items.length > 0).toBe(visible);
      const answer = await session.get(changePath(sample.id));
      if (visible) expect(await expectJson<ChangeRecord>(answer, 200)).toEqual(sample);
      else await expectApiError(answer, 404, 'not_found');

      if (role === 'distributor' || role === 'manager') {
        // Nothing outside reach leaks into the unfiltered list or the export either.
        const page = await listChanges(session, { perPage: 100 });
        expect(page.items.every((change) => change.accountId !== null)).toBe(true);
        const csv = await (await session.get(`${CHANGES_CSV}?accountId=${account.id}`)).text();
        expect(
          csv
            .replace(/^\uFEFF/, '')
            .split('\r\n')
            .filter(Boolean).length > 1,
        ).toBe(visible);
      }
    });
  }
});

test.describe('a user’s history', () => {
  // A manager reads the history of the users of their own account (the user page's section), not
  // that of another employer's users; the entity filter does not widen the reach.
  for (const [reach, visible] of [
    ['own', true],
    ['foreign', false],
  ] as const) {
    test(`manager × ${reach} user`, async ({ api }) => {
      const admin = await openSession(api, 'admin');
      const manager = await openSession(api, 'manager');
      const account = await accountByName(admin, reach === 'own' ? MUELLER : RHEINLAND);
      const user = await inviteUser(admin, `Historie ${reach}`, { accountId: account.id });
      const mine = await listChanges(admin, { entityId: user.id });
      expect(mine.items.map((change) => change.action)).toContain('create');

      const seen = await listChanges(manager, { entityId: user.id });
      expect(seen.items.length > 0).toBe(visible);
      const answer = await manager.get(changePath(mine.items[0]!.id));
      if (visible) expect((await expectJson<ChangeRecord>(answer, 200)).entityId).toBe(user.id);
      else await expectApiError(answer, 404, 'not_found');
    });
  }
});

test.describe('a to-do’s history', () => {
  test('whoever created or was given a task without an account reads its history; others do not', async ({ api }) => {
    const manager = await openSession(api, 'manager');
    const distributor = await openSession(api, 'distributor');
    const task = await createTask(manager, { title: `Historie To-do ${Date.now()}`, assigneeId: manager.userId });
    expect(task.account).toBeNull();
    await expectJson(
      await manager.patch(taskPath(task.id), { status: 'in_progress' }, { 'if-match': `W/"${task.version}"` }),
      200,
    );
    const mine = await listChanges(manager, { entityId: task.id, order: 'asc' });
    expect(mine.items.map((change) => change.action)).toEqual(['create', 'update']);
    expect(await expectJson<ChangeRecord>(await manager.get(changePath(mine.items[1]!.id)), 200)).toEqual(
      mine.items[1],
    );

    // Another user sees none of it, by list, by entry or in the unfiltered list.
    expect((await listChanges(distributor, { entityId: task.id })).items).toEqual([]);
    await expectApiError(await distributor.get(changePath(mine.items[0]!.id)), 404, 'not_found');
  });
});

async function freshAccountHistory(backoffice: ApiSession) {
  const account = await createAccount(backoffice, 'Historie');
  await expectJson(
    await backoffice.patch(accountPath(account.id), { city: 'Köln' }, { 'if-match': `W/"${account.version}"` }),
    200,
  );
  return account;
}

test.describe('list', () => {
  test('filters: entity, action, actor, account, date range, search', async ({ api }) => {
    const backoffice = await openSession(api, 'backoffice');
    const account = await freshAccountHistory(backoffice);

    const byEntity = await listChanges(backoffice, { entityType: 'account', entityId: account.id });
    expect(byEntity.items.map((change) => change.action)).toEqual(['update', 'create']);
    expect(byEntity).toMatchObject({ total: 2, totalIsLowerBound: false, page: 1, perPage: 20, nextCursor: null });
    const [update] = byEntity.items;
    expect(update).toMatchObject({
      entityLabel: account.name,
      accountId: account.id,
      actor: { id: backoffice.userId, name: expect.any(String) },
      fields: [{ field: 'city', before: 'Berlin', after: 'Köln' }],
      approvalId: null,
    });

    const search = { q: account.name.slice(-8) };
    expect((await listChanges(backoffice, { ...search, action: 'update' })).items.map((c) => c.id)).toEqual([
      update!.id,
    ]);
    expect((await listChanges(backoffice, { ...search, actorId: backoffice.userId })).total).toBe(2);
    expect((await listChanges(backoffice, { ...search, accountId: account.id })).total).toBe(2);
    expect((await listChanges(backoffice, { ...search, from: berlinDay(-1), to: berlinDay() })).total).toBe(2);
    expect((await listChanges(backoffice, { ...search, to: berlinDay(-1) })).total).toBe(0);
    expect((await listChanges(backoffice, { ...search, from: berlinDay(1) })).total).toBe(0);
    expect((await listChanges(backoffice, { ...search, order: 'asc' })).items.map((c) => c.action)).toEqual([
      'create',
      'update',
    ]);
    expect((await listChanges(backoffice, { q: '%' })).items.every((c) => c.entityLabel.includes('%'))).toBe(true);

    await expectApiError(
      await backoffice.get(`${CHANGES}?from=${berlinDay()}&to=${berlinDay(-1)}`),
      422,
      'validation_failed',
    );
    for (const bad of [
      'from=2026-13-01',
      'action=rewrite',
      'entityType=secret',
      'sort=entityLabel',
      'after=x',
      'perPage=101',
    ]) {
      await expectApiError(await backoffice.get(`${CHANGES}?${bad}`), 422, 'validation_failed');
    }
  });

  test('paging on with the cursor gives the same page as the page number', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    // Oldest first: other tests only add entries at the far end, so these pages stay put.
    const first = await listChanges(admin, { order: 'asc', perPage: 7 });
    expect(first.nextCursor).toBe(first.items.at(-1)!.id);
    const byNumber = await listChanges(admin, { order: 'asc', perPage: 7, page: 2 });
    const byCursor = await listChanges(admin, { order: 'asc', perPage: 7, page: 2, after: first.nextCursor! });
    expect(byCursor.items).toEqual(byNumber.items);
    expect(byCursor.items).toHaveLength(7);
    expect(byCursor.items[0]!.at >= first.items.at(-1)!.at).toBe(true);
    expect(first.totalIsLowerBound).toBe(false);
  });

  test('a page number reaches as deep as the count; beyond it only the cursor pages on', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    // 10,000 rows at 20 per page: page 501 holds row 10,001, the deepest a page number reaches.
    expect((await listChanges(admin, { perPage: 20, page: 501 })).page).toBe(501);
    await expectInvalid(await admin.get(`${CHANGES}?perPage=20&page=502`), 'page');
    await expectInvalid(await admin.get(`${CHANGES}?perPage=100&page=102`), 'page');
    // With a cursor the page number is only a label, however deep.
    // Oldest first, so entries other tests add meanwhile do not shift the pages.
    const first = await listChanges(admin, { order: 'asc', perPage: 5 });
    const deep = await listChanges(admin, { order: 'asc', perPage: 5, page: 5000, after: first.items.at(-1)!.id });
    expect(deep.page).toBe(5000);
    expect(deep.items[0]?.id).toBe((await listChanges(admin, { order: 'asc', perPage: 5, page: 2 })).items[0]?.id);
  });

  test('CSV export: German Excel, the filtered entries in reach', async ({ api }) => {
    const backoffice = await openSession(api, 'backoffice');
    const account = await freshAccountHistory(backoffice);
    const answer = await backoffice.get(`${CHANGES_CSV}?entityId=${account.id}&order=asc`);
    const raw = await answer.body();
    expect(answer.status(), raw.toString('utf8').slice(0, 300)).toBe(200);
    expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename="historie-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = raw
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'Zeitpunkt;Benutzer;Objekttyp;Objekt;Aktion;Änderungen;ID;Kettenposition;Vorheriger Hash;Hash;Kanonische Form',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2};[^;]+;Konto;[^;]+;Angelegt;/);
    expect(lines[2]).toContain('Geändert;city: Berlin → Köln;');
    await expectApiError(await backoffice.get(`${CHANGES_CSV}?page=1`), 422, 'validation_failed');

    // In English when the caller prefers it (the UI's proxy sends the UI language): headers and labels.
    const english = await backoffice.get(`${CHANGES_CSV}?entityId=${account.id}&order=asc`, {
      'accept-language': 'en-GB,en;q=0.9,de;q=0.5',
    });
    expect(english.headers()['content-language']).toBe('en');
    const englishLines = (await english.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(englishLines[0]).toBe(
      'Time;User;Object type;Object;Action;Changes;ID;Chain position;Previous hash;Hash;Canonical form',
    );
    expect(englishLines[1]).toMatch(/;Account;[^;]+;Created;/);
    expect(englishLines[2]).toContain('Changed;city: Berlin → Köln;');
  });
});

test.describe('append-only', () => {
  test('the API has no way to change or delete a change', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const [change] = (await listChanges(admin, { perPage: 1 })).items;
    for (const url of [CHANGES, changePath(change!.id)]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const answer = await api.fetch(url, { method, headers: { authorization: `Bearer x` }, data: {} });
        expect(answer.status(), `${method} ${url}`).toBe(405);
        expect(answer.headers().allow).not.toMatch(/POST|PUT|PATCH|DELETE/);
      }
    }
    expect(await expectJson<ChangeRecord>(await admin.get(changePath(change!.id)), 200)).toEqual(change);
  });

  test('PGlite refuses UPDATE, DELETE and TRUNCATE, also with the replica replication role', async () => {
    // Booting PGlite (WebAssembly) and running every migration takes about 20 s on an idle
    // two-core machine, and more next to the server under test.
    test.setTimeout(180_000);
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(client), { migrationsFolder: path.resolve(__dirname, '../../lib/server/db/migrations') });
      const inserted = await client.query<{ id: string }>(
        `insert into changes (entity_type, entity_id, entity_label, action)
         values ('account', gen_random_uuid(), 'Probe', 'create') returning id`,
      );
      await expectRefusals((statement) => client.exec(statement), inserted.rows[0]!.id);
    } finally {
      await client.close();
    }
  });

  test('PostgreSQL refuses them to the application’s own database user', async () => {
    const url = process.env.DATABASE_URL;
    test.skip(!url, 'runs when the suite runs on PostgreSQL (DATABASE_URL)');
    const { default: postgres } = await import('postgres');
    // The server's own connection string: the same database user the application writes with.
    const sql = postgres(url!, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ id: string }[]>`select id from changes order by at limit 1`;
      await expectRefusals((statement) => sql.unsafe(statement), row!.id);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});

async function expectRefusals(run: (statement: string) => Promise<unknown>, id: string) {
  // The owner meets the triggers; an application role that owns no table (scripts/pg-app-role.sql,
  // as .ci/run uses) is refused by its missing privileges first, and may not set the replication role.
  const refused = async (statement: string) =>
    expect(run(statement), statement).rejects.toThrow(/append-only|permission denied/);
  await refused(`update changes set entity_label = 'umgeschrieben' where id = '${id}'`);
  await refused(`delete from changes where id = '${id}'`);
  await refused('truncate changes');
  // A session that skips ordinary triggers (replication role replica) meets these ones too.
  await refused(
    `do $$ begin set local session_replication_role = replica; update changes set entity_label = 'x' where id = '${id}'; end $$`,
  );
  await refused(
    `do $$ begin set local session_replication_role = replica; delete from changes where id = '${id}'; end $$`,
  );
}
