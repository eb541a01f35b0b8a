import type { APIResponse } from '@playwright/test';
import { expect, test, type ApiClient } from '../fixtures/api';
import {
  ACCOUNTS,
  ACCOUNTS_CSV,
  accountByName,
  accountInput,
  accountPath,
  createAccount,
  expectApiError,
  expectInvalid,
  expectJson,
  getAccount,
  listAccounts,
  openSession,
  uniqueName,
  type AccountList,
  type AccountListItem,
  type AccountRecord,
  type ApiSession,
  type ApprovalRef,
  type ErrorBody,
} from '../fixtures/accounts';
import type { DemoRole } from '../fixtures/demo-users';
import { activeAccount } from '../fixtures/approvals';
import { inviteUser, type UserRecord } from '../fixtures/users';

/**
 * The accounts API over real HTTP against the demo data (SPEC §1 reach, §2 Account, §4 approvals
 * and exports, §5 contract). Tests run in parallel with each other and with the browser journeys
 * on one database: each test creates the accounts it changes, active ones with an approval decided
 * by a second person (`activeAccount`), and reads demo accounts only, so the suite runs again
 * against the same deployment.
 */

// Demo accounts (lib/server/db/seed/demo.ts) read by these tests.
const MUELLER = 'Müller Logistik GmbH'; // vertrieb@example.com's, managed by manager@example.com
const RHEINLAND = 'Rheinland Pflegedienste GmbH'; // another distributor's tree
const ARCHIVED = 'Hafenkontor Bremen GmbH'; // archived, no distributor
const ELBTAL = 'Elbtal Energie SE'; // a third distributor's tree, used for sorting (nobody changes it)
const WEBER_SERVICE = 'Weber Service GmbH'; // suspended under the suspended Weber & Söhne

const NOT_READ_ONLY = 'Archivierte Konten sind schreibgeschützt.';

function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line.length > 0)
    .map((line) => line.split(';'));
}

async function readCsv(response: APIResponse): Promise<{ raw: Buffer; rows: string[][] }> {
  const raw = await response.body();
  expect(response.status(), raw.toString('utf8').slice(0, 300)).toBe(200);
  return { raw, rows: csvRows(raw.toString('utf8')) };
}

const ifMatch = (version: number) => ({ 'if-match': `W/"${version}"` });

const fullName = (user: Pick<UserRecord, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

/**
 * A tree of the test's own and its two managers, as the manager view shows them: one manages the
 * root (so the child too), the other only the child; their last names sort the root's first.
 * Other users of a deployment add managers to the demo trees, so the demo managers will not do.
 */
async function managedTree(admin: ApiSession) {
  const root = await createAccount(admin, 'Managerbaum');
  const child = await createAccount(admin, 'unused', { name: `${root.name} Hafen`, parentId: root.id });
  const suffix = uniqueName('').trim();
  const rootManager = await inviteUser(admin, 'Baumwurzel', {
    role: 'manager',
    accountId: root.id,
    firstName: 'Wilma',
    lastName: `Wurzel ${suffix}`,
  });
  const childManager = await inviteUser(admin, 'Baumkind', {
    role: 'manager',
    accountId: child.id,
    firstName: 'Zora',
    lastName: `Zweig ${suffix}`,
  });
  return { root, child, rootManager, childManager };
}

// -------------------------------------------------------------------------------------------------
// 1. Authorization matrix
// -------------------------------------------------------------------------------------------------

type Endpoint =
  | 'list'
  | 'get'
  | 'children'
  | 'patch'
  | 'create sub-account'
  | 'suspend'
  | 'resume'
  | 'activation'
  | 'archive'
  | 'export';
type Reach = 'own' | 'foreign';

/**
 * Who may do what, spelled out. "own" = an account in the role's reach, "foreign" = one outside it
 * (admin and back office reach everything). Outside reach a record answers 404 (its existence does
 * not leak); a missing scope or role answers 403 for every id alike. For list and export "foreign"
 * means: 200, and the foreign account is not among the rows.
 */
// prettier-ignore
const MATRIX: ReadonlyArray<readonly [DemoRole, Reach, Endpoint, number]> = [
  // role          reach      endpoint               status
  ['admin',        'own',     'list',                200],
  ['admin',        'own',     'get',                 200],
  ['admin',        'own',     'children',            200],
  ['admin',        'own',     'patch',               200],
  ['admin',        'own',     'create sub-account',  201],
  ['admin',        'own',     'suspend',             200],
  ['admin',        'own',     'resume',              200],
  ['admin',        'own',     'activation',          201],
  ['admin',        'own',     'archive',             201],
  ['admin',        'own',     'export',              200],

  ['backoffice',   'own',     'list',                200],
  ['backoffice',   'own',     'get',                 200],
  ['backoffice',   'own',     'children',            200],
  ['backoffice',   'own',     'patch',               200],
  ['backoffice',   'own',     'create sub-account',  201],
  ['backoffice',   'own',     'suspend',             200],
  ['backoffice',   'own',     'resume',              200],
  ['backoffice',   'own',     'activation',          201],
  ['backoffice',   'own',     'archive',             201],
  ['backoffice',   'own',     'export',              200],

  ['distributor',  'own',     'list',                200],
  ['distributor',  'own',     'get',                 200],
  ['distributor',  'own',     'children',            200],
  ['distributor',  'own',     'patch',               200],
  ['distributor',  'own',     'create sub-account',  201],
  ['distributor',  'own',     'suspend',             403],
  ['distributor',  'own',     'resume',              403],
  ['distributor',  'own',     'activation',          201],
  ['distributor',  'own',     'archive',             201],
  ['distributor',  'own',     'export',              200],

  ['distributor',  'foreign', 'list',                200],
  ['distributor',  'foreign', 'get',                 404],
  ['distributor',  'foreign', 'children',            404],
  ['distributor',  'foreign', 'patch',               404],
  ['distributor',  'foreign', 'create sub-account',  404],
  ['distributor',  'foreign', 'suspend',             403],
  ['distributor',  'foreign', 'resume',              403],
  ['distributor',  'foreign', 'activation',          404],
  ['distributor',  'foreign', 'archive',             404],
  ['distributor',  'foreign', 'export',              200],

  ['manager',      'own',     'list',                200],
  ['manager',      'own',     'get',                 200],
  ['manager',      'own',     'children',            200],
  ['manager',      'own',     'patch',               403],
  ['manager',      'own',     'create sub-account',  403],
  ['manager',      'own',     'suspend',             403],
  ['manager',      'own',     'resume',              403],
  ['manager',      'own',     'activation',          403],
  ['manager',      'own',     'archive',             403],
  ['manager',      'own',     'export',              200],

  ['manager',      'foreign', 'list',                200],
  ['manager',      'foreign', 'get',                 404],
  ['manager',      'foreign', 'children',            404],
  ['manager',      'foreign', 'patch',               403],
  ['manager',      'foreign', 'create sub-account',  403],
  ['manager',      'foreign', 'suspend',             403],
  ['manager',      'foreign', 'resume',              403],
  ['manager',      'foreign', 'activation',          403],
  ['manager',      'foreign', 'archive',             403],
  ['manager',      'foreign', 'export',              200],
];

/** The accounts a (role, reach) group of the matrix works on. */
interface MatrixTargets {
  /** read by list, get, children, export */
  read: AccountListItem;
  /** patched, given a sub-account and an activation request: a fresh draft where the role may write */
  draft: { id: string; name: string; version?: number };
  /** suspended, resumed and proposed for archiving: an active account */
  active: AccountListItem;
}

async function matrixTargets(
  api: ApiClient,
  role: DemoRole,
  reach: Reach,
  session: ApiSession,
): Promise<MatrixTargets> {
  const admin = role === 'admin' ? session : await openSession(api, 'admin');
  const mueller = await accountByName(admin, MUELLER);
  const rheinland = await accountByName(admin, RHEINLAND);
  if (reach === 'foreign') return { read: rheinland, draft: rheinland, active: rheinland };
  if (role === 'manager') return { read: mueller, draft: mueller, active: mueller };

  const read = role === 'distributor' ? mueller : rheinland;
  const draft = await createAccount(session, `Matrix ${role}`);
  // An active account of the test's own, activated by another decider (four eyes).
  const decider = role === 'admin' ? await openSession(api, 'backoffice') : admin;
  const active = await activeAccount(session, decider, `Matrix aktiv ${role}`);
  return { read, draft, active };
}

test.describe('authorization matrix', () => {
  const groups = [...new Set(MATRIX.map(([role, reach]) => `${role}|${reach}`))];
  for (const group of groups) {
    const [role, reach] = group.split('|') as [DemoRole, Reach];
    test(`${role} × ${reach} account`, async ({ api }) => {
      const session = await openSession(api, role);
      const targets = await matrixTargets(api, role, reach, session);

      for (const [, , endpoint, expected] of MATRIX.filter(([r, g]) => r === role && g === reach)) {
        await test.step(`${endpoint} → ${expected}`, async () => {
          const { read, draft, active } = targets;
          let response: APIResponse;
          switch (endpoint) {
            case 'list': {
              const list = await expectJson<AccountList>(
                await session.get(`${ACCOUNTS}?q=${encodeURIComponent(read.name)}&perPage=100`),
                expected,
              );
              const ids = list.items.map((item) => item.id);
              if (reach === 'own') expect(ids).toContain(read.id);
              else expect(ids).not.toContain(read.id);
              return;
            }
            case 'export': {
              const { rows } = await readCsv(await session.get(`${ACCOUNTS_CSV}?q=${encodeURIComponent(read.name)}`));
              const numbers = rows.slice(1).map((row) => row[0]);
              if (reach === 'own') expect(numbers).toContain(read.customerNumber);
              else expect(numbers).not.toContain(read.customerNumber);
              return;
            }
            case 'get':
              response = await session.get(accountPath(read.id));
              break;
            case 'children':
              response = await session.get(accountPath(read.id, 'children'));
              break;
            case 'patch':
              response = await session.patch(
                accountPath(draft.id),
                { notes: `Matrix ${role}` },
                ifMatch(draft.version ?? 1),
              );
              break;
            case 'create sub-account':
              response = await session.post(ACCOUNTS, accountInput('Matrix-Unterkonto', { parentId: draft.id }));
              break;
            case 'suspend':
              response = await session.post(accountPath(active.id, 'suspend'));
              break;
            case 'resume':
              response = await session.post(accountPath(active.id, 'resume'));
              break;
            case 'activation':
              response = await session.post(accountPath(draft.id, 'activation'), { reason: 'Matrix' });
              break;
            case 'archive':
              response = await session.post(accountPath(active.id, 'archive'), { reason: 'Matrix' });
              break;
          }
          const text = await response.text();
          expect(response.status(), `${role} ${endpoint} ${reach}: ${text.slice(0, 400)}`).toBe(expected);
          if (expected >= 400) {
            const body = JSON.parse(text) as ErrorBody;
            expect(body.code).toBe({ 403: 'forbidden', 404: 'not_found', 409: 'conflict' }[expected]);
          }
          if (endpoint === 'suspend' && expected === 200)
            expect(JSON.parse(text)).toMatchObject({ status: 'suspended' });
          if (endpoint === 'resume' && expected === 200) expect(JSON.parse(text)).toMatchObject({ status: 'active' });
          if (endpoint === 'archive' && expected === 201) {
            expect(JSON.parse(text)).toMatchObject({ kind: 'account_archive', status: 'pending', entityId: active.id });
          }
        });
      }
    });
  }

  test('a malformed or unknown id answers 404', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    await expectApiError(await admin.get(accountPath('not-a-uuid')), 404, 'not_found');
    await expectApiError(await admin.get(accountPath('00000000-0000-4000-8000-000000000000')), 404, 'not_found');
    await expectApiError(
      await admin.get(accountPath('00000000-0000-4000-8000-000000000000', 'children')),
      404,
      'not_found',
    );
  });

  test('without a token every endpoint answers 401', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const mueller = await accountByName(admin, MUELLER);
    for (const [method, url] of [
      ['GET', ACCOUNTS],
      ['POST', ACCOUNTS],
      ['GET', accountPath(mueller.id)],
      ['PATCH', accountPath(mueller.id)],
      ['GET', accountPath(mueller.id, 'children')],
      ['POST', accountPath(mueller.id, 'suspend')],
      ['POST', accountPath(mueller.id, 'activation')],
      ['GET', ACCOUNTS_CSV],
    ] as const) {
      await expectApiError(await api.fetch(url, { method }), 401, 'unauthorized');
    }
  });
});

// -------------------------------------------------------------------------------------------------
// 2. Validation
// -------------------------------------------------------------------------------------------------

test.describe('validation', () => {
  test('master data: PLZ, USt-IdNr., e-mail, name, unknown fields', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    await expectInvalid(await admin.post(ACCOUNTS, accountInput('PLZ', { zip: '1234' })), 'zip');
    const austrian = await createAccount(admin, 'Wien', { zip: '1010', city: 'Wien', country: 'AT' });
    expect(austrian).toMatchObject({ zip: '1010', country: 'AT', status: 'draft' });

    await expectInvalid(await admin.post(ACCOUNTS, accountInput('USt', { vatId: 'DE12345678' })), 'vatId');
    const withVat = await createAccount(admin, 'USt', { vatId: 'DE123456789' });
    expect(withVat.vatId).toBe('DE123456789');
    await expectInvalid(
      await admin.post(ACCOUNTS, accountInput('Mail', { contactEmail: 'keine-adresse' })),
      'contactEmail',
    );
    await expectInvalid(await admin.post(ACCOUNTS, accountInput('Name', { name: 'A' })), 'name');
    await expectInvalid(await admin.post(ACCOUNTS, accountInput('Form', { legalForm: 'Ltd' })), 'legalForm');
    await expectInvalid(await admin.post(ACCOUNTS, accountInput('Zahl', { employeeCount: -1 })), 'employeeCount');
    await expectApiError(
      await admin.post(ACCOUNTS, accountInput('Feld', { status: 'active' })),
      422,
      'validation_failed',
    );
    await expectApiError(
      await admin.post(ACCOUNTS, accountInput('Feld', { customerNumber: 'K-1' })),
      422,
      'validation_failed',
    );
  });

  test('a PATCH checks the PLZ against the stored country', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const austrian = await createAccount(admin, 'Graz', { zip: '8010', city: 'Graz', country: 'AT' });
    const patched = await expectJson<{ account: AccountRecord }>(
      await admin.patch(accountPath(austrian.id), { zip: '8020' }, ifMatch(austrian.version)),
      200,
    );
    expect(patched.account.zip).toBe('8020');
    await expectInvalid(
      await admin.patch(accountPath(austrian.id), { country: 'DE' }, ifMatch(patched.account.version)),
      'zip',
    );
    const german = await createAccount(admin, 'Bonn');
    await expectInvalid(await admin.patch(accountPath(german.id), { zip: '5311' }, ifMatch(german.version)), 'zip');
    await expectApiError(
      await admin.patch(accountPath(german.id), { status: 'active' }, ifMatch(german.version)),
      422,
      'validation_failed',
    );
  });

  test('benefits: the catalogue unit, each code once', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    await expectInvalid(
      await admin.post(
        ACCOUNTS,
        accountInput('Einheit', { benefits: [{ code: 'sachbezug', amountCents: 5000, unit: 'year' }] }),
      ),
      'benefits.0.unit',
    );
    await expectInvalid(
      await admin.post(
        ACCOUNTS,
        accountInput('Doppelt', {
          benefits: [
            { code: 'sachbezug', amountCents: 5000, unit: 'month' },
            { code: 'sachbezug', amountCents: 4000, unit: 'month' },
          ],
        }),
      ),
      'benefits',
    );
    await expectInvalid(
      await admin.post(
        ACCOUNTS,
        accountInput('Unbekannt', { benefits: [{ code: 'dienstwagen', amountCents: 1, unit: 'month' }] }),
      ),
      'benefits.0.code',
    );
    const valid = await createAccount(admin, 'Leistungen', {
      benefits: [
        { code: 'sachbezug', amountCents: 6000, unit: 'month' },
        { code: 'bav', amountCents: 2000, unit: 'percent' },
      ],
    });
    expect(valid.benefits).toEqual(
      expect.arrayContaining([
        { code: 'sachbezug', amountCents: 6000, unit: 'month' },
        { code: 'bav', amountCents: 2000, unit: 'percent' },
      ]),
    );
  });

  test('depth: at most five levels', async ({ api }) => {
    const distributor = await openSession(api, 'distributor');
    let parent = await createAccount(distributor, 'Ebene 1');
    expect(parent.depth).toBe(1);
    for (let level = 2; level <= 5; level += 1) {
      const child = await createAccount(distributor, `Ebene ${level}`, { parentId: parent.id });
      expect(child).toMatchObject({ depth: level, parentId: parent.id, parentName: parent.name, status: 'draft' });
      expect(child.rootId).toBe(parent.rootId);
      expect(child.distributorId).toBe(distributor.userId);
      parent = child;
    }
    await expectInvalid(await distributor.post(ACCOUNTS, accountInput('Ebene 6', { parentId: parent.id })), 'parentId');
  });

  test('sub-accounts: parent in reach and not archived; the distributor is inherited', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const distributor = await openSession(api, 'distributor');
    const archived = await accountByName(admin, ARCHIVED);
    const rheinland = await accountByName(admin, RHEINLAND);

    const underArchived = await expectApiError(
      await admin.post(ACCOUNTS, accountInput('Unter Archiv', { parentId: archived.id })),
      403,
      'forbidden',
    );
    expect(underArchived.message).toBe(NOT_READ_ONLY);
    await expectApiError(
      await distributor.post(ACCOUNTS, accountInput('Fremd', { parentId: rheinland.id })),
      404,
      'not_found',
    );
    await expectApiError(
      await admin.post(ACCOUNTS, accountInput('Unbekannt', { parentId: '00000000-0000-4000-8000-000000000000' })),
      404,
      'not_found',
    );

    // An admin's sub-account under another distributor's tree inherits that distributor.
    const child = await createAccount(admin, 'Rheinland Tochter', { parentId: rheinland.id });
    expect(child.distributorId).toBe(rheinland.distributorId);
    await expectInvalid(
      await admin.post(
        ACCOUNTS,
        accountInput('Anderer Vertrieb', { parentId: rheinland.id, distributorId: distributor.userId }),
      ),
      'distributorId',
    );
  });

  test('distributorId: a distributor user; a distributor only for themselves', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const distributor = await openSession(api, 'distributor');
    await expectInvalid(
      await admin.post(ACCOUNTS, accountInput('Kein Vertrieb', { distributorId: admin.userId })),
      'distributorId',
    );
    const assigned = await createAccount(admin, 'Zugewiesen', { distributorId: distributor.userId });
    expect(assigned).toMatchObject({ distributorId: distributor.userId, distributorName: 'Daniel Vogt' });
    // The distributor sees it now.
    expect((await getAccount(distributor, assigned.id)).id).toBe(assigned.id);

    const own = await createAccount(distributor, 'Eigenes');
    expect(own.distributorId).toBe(distributor.userId);
    const rheinland = await accountByName(admin, RHEINLAND);
    await expectInvalid(
      await distributor.post(ACCOUNTS, accountInput('Für andere', { distributorId: rheinland.distributorId })),
      'distributorId',
    );
  });

  test('a new distributor: only admin/back office, only on the top level, for the whole tree', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const distributor = await openSession(api, 'distributor');
    const root = await createAccount(distributor, 'Übergabe');
    const child = await createAccount(distributor, 'Übergabe Kind', { parentId: root.id });
    const grandchild = await createAccount(distributor, 'Übergabe Enkel', { parentId: child.id });
    const { distributorId: other } = await accountByName(admin, RHEINLAND);

    await expectApiError(
      await distributor.patch(accountPath(root.id), { distributorId: other }, ifMatch(root.version)),
      403,
      'forbidden',
    );
    // Sending the current value along (as a full form does) is no change.
    await expectJson(
      await distributor.patch(accountPath(root.id), { distributorId: distributor.userId }, ifMatch(root.version)),
      200,
    );
    await expectInvalid(
      await admin.patch(accountPath(child.id), { distributorId: other }, ifMatch(child.version)),
      'distributorId',
    );
    await expectInvalid(
      await admin.patch(accountPath(root.id), { distributorId: admin.userId }, ifMatch(root.version)),
      'distributorId',
    );

    const moved = await expectJson<{ account: AccountRecord }>(
      await admin.patch(accountPath(root.id), { distributorId: other }, ifMatch(root.version)),
      200,
    );
    expect(moved.account).toMatchObject({ distributorId: other, distributorName: 'Katrin Schulze' });
    for (const descendant of [child, grandchild]) {
      const stored = await getAccount(admin, descendant.id);
      expect(stored).toMatchObject({ distributorId: other, version: descendant.version + 1 });
      // The tree has left the former distributor's reach.
      await expectApiError(await distributor.get(accountPath(descendant.id)), 404, 'not_found');
    }
  });

  test('list query: unknown sort, perPage over 100, unknown parameters', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    await expectInvalid(await admin.get(`${ACCOUNTS}?sort=password`), 'sort');
    await expectInvalid(await admin.get(`${ACCOUNTS}?perPage=101`), 'perPage');
    await expectInvalid(await admin.get(`${ACCOUNTS}?page=0`), 'page');
    await expectInvalid(await admin.get(`${ACCOUNTS}?status=deleted`), 'status');
    await expectApiError(await admin.get(`${ACCOUNTS}?foo=1`), 422, 'validation_failed');
    await expectInvalid(await admin.get(`${ACCOUNTS_CSV}?sort=password`), 'sort');
    await expectApiError(await admin.get(`${ACCOUNTS_CSV}?page=2`), 422, 'validation_failed');
    await expectApiError(await admin.get('/api/v1/export/unknown.csv'), 404, 'not_found');
  });
});

// -------------------------------------------------------------------------------------------------
// 3. Optimistic locking
// -------------------------------------------------------------------------------------------------

test.describe('optimistic locking', () => {
  test('GET answers the version as ETag; PATCH needs it (428), refuses a stale one (409)', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const account = await createAccount(admin, 'Sperre');
    const response = await admin.get(accountPath(account.id));
    expect(response.headers()['etag']).toBe(`W/"${account.version}"`);

    await expectApiError(
      await admin.patch(accountPath(account.id), { notes: 'ohne Version' }),
      428,
      'precondition_required',
    );
    await expectApiError(
      await admin.patch(accountPath(account.id), { notes: 'kaputt' }, { 'if-match': 'irgendwas' }),
      400,
      'bad_request',
    );

    const first = await admin.patch(accountPath(account.id), { notes: 'erste' }, ifMatch(account.version));
    const updated = await expectJson<{ account: AccountRecord; approval: null }>(first, 200);
    expect(first.headers()['etag']).toBe(`W/"${account.version + 1}"`);
    expect(updated).toMatchObject({ account: { notes: 'erste', version: account.version + 1 }, approval: null });

    const stale = await expectApiError(
      await admin.patch(accountPath(account.id), { notes: 'veraltet' }, ifMatch(account.version)),
      409,
      'conflict',
    );
    expect(stale.current).toMatchObject({ id: account.id, version: account.version + 1, notes: 'erste' });

    // The version may come in the body instead of the header.
    const viaBody = await expectJson<{ account: AccountRecord }>(
      await admin.patch(accountPath(account.id), { notes: 'zweite', version: account.version + 1 }),
      200,
    );
    expect(viaBody.account).toMatchObject({ notes: 'zweite', version: account.version + 2 });
  });

  test('20 parallel PATCHes with the same version: exactly one wins', async ({ api }) => {
    const distributor = await openSession(api, 'distributor');
    const account = await createAccount(distributor, 'Parallel');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        distributor.patch(accountPath(account.id), { notes: `Schreiber ${index}` }, ifMatch(account.version)),
      ),
    );
    const statuses = responses.map((response) => response.status());
    expect(
      statuses.filter((status) => status === 200),
      statuses.join(','),
    ).toHaveLength(1);
    expect(
      statuses.filter((status) => status === 409),
      statuses.join(','),
    ).toHaveLength(19);

    const winner = responses.find((response) => response.status() === 200)!;
    const { account: won } = (await winner.json()) as { account: AccountRecord };
    for (const loser of responses.filter((response) => response.status() === 409)) {
      const body = (await loser.json()) as ErrorBody;
      expect(body.code).toBe('conflict');
      expect(body.current?.version).toBe(account.version + 1);
    }
    const stored = await getAccount(distributor, account.id);
    expect(stored.version).toBe(account.version + 1);
    expect(stored.notes).toBe(won.notes);
    expect(stored.notes).toMatch(/^Schreiber \d+$/);
  });

  test('archived accounts are read-only', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const archived = await getAccount(admin, (await accountByName(admin, ARCHIVED)).id);
    expect(archived.status).toBe('archived');
    for (const response of [
      await admin.patch(accountPath(archived.id), { notes: 'geht nicht' }, ifMatch(archived.version)),
      await admin.post(accountPath(archived.id, 'suspend')),
      await admin.post(accountPath(archived.id, 'resume')),
      await admin.post(accountPath(archived.id, 'activation'), { reason: '' }),
      await admin.post(accountPath(archived.id, 'archive'), { reason: '' }),
    ]) {
      const body = await expectApiError(response, 403, 'forbidden');
      expect(body.message).toBe(NOT_READ_ONLY);
    }
    expect((await getAccount(admin, archived.id)).version).toBe(archived.version);
  });
});

// -------------------------------------------------------------------------------------------------
// 4. Benefit changes on active accounts need an approval
// -------------------------------------------------------------------------------------------------

test.describe('benefit changes', () => {
  test('on an active account they become a pending approval; the rest applies', async ({ api }) => {
    const backoffice = await openSession(api, 'backoffice');
    const distributor = await openSession(api, 'distributor');
    const before = await activeAccount(distributor, backoffice, 'Leistungsänderung', {
      benefits: [
        { code: 'jobticket', amountCents: 4900, unit: 'month' },
        { code: 'kita', amountCents: 15000, unit: 'month' },
      ],
    });
    expect(before.status).toBe('active');

    const proposed = [
      ...before.benefits.filter((benefit) => benefit.code !== 'internet'),
      { code: 'internet', amountCents: 2500, unit: 'month' },
    ];
    const notes = `Leistungsänderung ${Date.now()}`;
    const response = await backoffice.patch(
      accountPath(before.id),
      { benefits: proposed, notes },
      ifMatch(before.version),
    );
    const result = await expectJson<{ account: AccountRecord; approval: ApprovalRef }>(response, 200);
    expect(result.approval).toMatchObject({
      kind: 'benefit_change',
      status: 'pending',
      entityId: before.id,
      entityLabel: before.name,
    });
    expect(result.account.benefits).toEqual(before.benefits);
    expect(result.account.notes).toBe(notes);
    expect(result.account.version).toBe(before.version + 1);
    expect(result.account.pendingApprovals).toContainEqual({ id: result.approval.id, kind: 'benefit_change' });
    expect(response.headers()['etag']).toBe(`W/"${before.version + 1}"`);

    // A second change while the first waits: 409 about the benefits, without a `current` record.
    const second = await expectApiError(
      await backoffice.patch(
        accountPath(before.id),
        { benefits: before.benefits.slice(1) },
        ifMatch(result.account.version),
      ),
      409,
      'conflict',
    );
    expect(second.details?.map((detail) => detail.path)).toEqual(['benefits']);
    expect(second.message).toMatch(/bereits eine offene Freigabe/);
    expect(second).not.toHaveProperty('current');

    // The same benefits (in another order) are no change and need no approval.
    const same = await expectJson<{ account: AccountRecord; approval: null }>(
      await backoffice.patch(
        accountPath(before.id),
        { benefits: [...before.benefits].reverse() },
        ifMatch(result.account.version),
      ),
      200,
    );
    expect(same.approval).toBeNull();
    expect(same.account.version).toBe(result.account.version);
  });

  test('on a draft they apply directly', async ({ api }) => {
    const distributor = await openSession(api, 'distributor');
    const account = await createAccount(distributor, 'Entwurf Leistungen');
    const benefits = [{ code: 'jobticket', amountCents: 5800, unit: 'month' }];
    const result = await expectJson<{ account: AccountRecord; approval: null }>(
      await distributor.patch(accountPath(account.id), { benefits }, ifMatch(account.version)),
      200,
    );
    expect(result).toMatchObject({ approval: null, account: { benefits, version: account.version + 1 } });
  });
});

// -------------------------------------------------------------------------------------------------
// 5. Status rules
// -------------------------------------------------------------------------------------------------

test.describe('status rules', () => {
  test('activation is requested once, as a pending approval', async ({ api }) => {
    const distributor = await openSession(api, 'distributor');
    const account = await createAccount(distributor, 'Aktivierung');
    expect(account.status).toBe('draft');
    expect(account.pendingApprovals).toEqual([]);

    const approval = await expectJson<ApprovalRef>(
      await distributor.post(accountPath(account.id, 'activation'), { reason: 'Vertrag liegt vor.' }),
      201,
    );
    expect(approval).toMatchObject({
      kind: 'account_activation',
      status: 'pending',
      entityId: account.id,
      entityLabel: account.name,
    });
    const again = await expectApiError(
      await distributor.post(accountPath(account.id, 'activation'), { reason: '' }),
      409,
      'conflict',
    );
    expect(again.details?.[0]?.path).toBe('status');

    const stored = await getAccount(distributor, account.id);
    expect(stored).toMatchObject({
      status: 'draft',
      pendingApprovals: [{ id: approval.id, kind: 'account_activation' }],
    });
    // A request is no change of the account.
    expect(stored.version).toBe(account.version);
    await expectApiError(
      await distributor.post(accountPath(account.id, 'activation'), { reason: 'x', extra: true }),
      422,
      'validation_failed',
    );
  });

  test('state machine: what each status allows', async ({ api }) => {
    const backoffice = await openSession(api, 'backoffice');
    const draft = await createAccount(backoffice, 'Zustand');
    await expectInvalid(await backoffice.post(accountPath(draft.id, 'suspend')), 'status');
    await expectInvalid(await backoffice.post(accountPath(draft.id, 'resume')), 'status');
    await expectInvalid(await backoffice.post(accountPath(draft.id, 'archive'), { reason: '' }), 'status');

    // A sub-account cannot become active under a parent that is not.
    const child = await createAccount(backoffice, 'Zustand Kind', { parentId: draft.id });
    await expectInvalid(await backoffice.post(accountPath(child.id, 'activation'), { reason: '' }), 'parentId');

    // Nor be resumed under a suspended one.
    const weberService = await accountByName(backoffice, WEBER_SERVICE);
    expect(weberService.status).toBe('suspended');
    await expectInvalid(await backoffice.post(accountPath(weberService.id, 'resume')), 'parentId');
  });

  test('only admin and back office suspend and resume', async ({ api }) => {
    const distributor = await openSession(api, 'distributor');
    const manager = await openSession(api, 'manager');
    const mueller = await accountByName(distributor, MUELLER);
    for (const session of [distributor, manager]) {
      await expectApiError(await session.post(accountPath(mueller.id, 'suspend')), 403, 'forbidden');
      await expectApiError(await session.post(accountPath(mueller.id, 'resume')), 403, 'forbidden');
    }
    expect((await getAccount(distributor, mueller.id)).status).toBe('active');
  });

  test('suspending a parent suspends its active children; resuming goes top-down', async ({ api }) => {
    const backoffice = await openSession(api, 'backoffice');
    const admin = await openSession(api, 'admin');
    // An active tree of the test's own: a child is activated once its parent is active.
    const root = await activeAccount(backoffice, admin, 'Baum aktiv');
    for (const suffix of ['A', 'B']) {
      await activeAccount(backoffice, admin, 'unused', { name: `${root.name} ${suffix}`, parentId: root.id });
    }
    const childrenOf = async () =>
      (await expectJson<AccountList>(await backoffice.get(accountPath(root.id, 'children')), 200)).items;

    const children = await childrenOf();
    expect(children).toHaveLength(2);
    expect(children.every((child) => child.status === 'active')).toBe(true);

    const suspended = await expectJson<AccountRecord>(await backoffice.post(accountPath(root.id, 'suspend')), 200);
    expect(suspended.status).toBe('suspended');
    expect((await childrenOf()).map((child) => child.status)).toEqual(children.map(() => 'suspended'));
    await expectInvalid(await backoffice.post(accountPath(root.id, 'suspend')), 'status');

    const [first, ...rest] = children;
    await expectInvalid(await backoffice.post(accountPath(first!.id, 'resume')), 'parentId');

    const resumed = await expectJson<AccountRecord>(await backoffice.post(accountPath(root.id, 'resume')), 200);
    expect(resumed).toMatchObject({ status: 'active', version: suspended.version + 1 });
    // Resuming does not cascade: each child is resumed on its own.
    expect((await childrenOf()).every((child) => child.status === 'suspended')).toBe(true);
    for (const child of [first!, ...rest]) {
      const back = await expectJson<AccountRecord>(await backoffice.post(accountPath(child.id, 'resume')), 200);
      expect(back.status).toBe('active');
    }
  });
});

// -------------------------------------------------------------------------------------------------
// 6. History: there is no history API yet (it comes with its own issue) and these tests do not
//    read the database. Every service writes its `changes` entry in the same transaction as the
//    change; the history API's tests will check the entries these requests leave behind.
// -------------------------------------------------------------------------------------------------

// -------------------------------------------------------------------------------------------------
// 7. CSV export
// -------------------------------------------------------------------------------------------------

test.describe('CSV export', () => {
  test('German Excel format with download headers', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const marker = uniqueName('Export');
    await createAccount(admin, 'unused', { name: `${marker} Eins`, city: 'Köln', zip: '50667', employeeCount: 12 });
    await createAccount(admin, 'unused', { name: `=HYPERLINK("x") ${marker}`, city: 'Bonn', zip: '53111' });

    const response = await admin.get(`${ACCOUNTS_CSV}?q=${encodeURIComponent(marker)}&sort=name`);
    const { raw, rows } = await readCsv(response);
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="konten-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers()['cache-control']).toContain('no-store');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');

    expect(rows[0]).toEqual([
      'Kundennummer',
      'Name',
      'Rechtsform',
      'Status',
      'PLZ',
      'Ort',
      'Vertrieb',
      'Mitarbeitende',
      'Angelegt am',
      'Geändert am',
    ]);
    expect(rows).toHaveLength(3);
    const eins = rows.find((row) => row[1] === `${marker} Eins`)!;
    expect(eins).toEqual([
      expect.stringMatching(/^K-\d{6}$/),
      `${marker} Eins`,
      'GmbH',
      'Entwurf',
      '50667',
      'Köln',
      '',
      '12',
      expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
      expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
    ]);
    // A cell that Excel would run as a formula is defused.
    expect(raw.toString('utf8')).toContain(`"'=HYPERLINK(""x"") ${marker}"`);
  });

  test("the manager's export holds exactly their tree", async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const manager = await openSession(api, 'manager');
    const treeNumbers = async () =>
      new Set(
        (await listAccounts(admin, { managerId: manager.userId, perPage: 100 })).items.map(
          (item) => item.customerNumber,
        ),
      );

    // Other tests may add sub-accounts meanwhile: the export lies between the tree before and after.
    const before = await treeNumbers();
    const { rows } = await readCsv(await manager.get(ACCOUNTS_CSV));
    const after = await treeNumbers();
    const exported = rows.slice(1).map((row) => row[0]!);
    expect(before.size).toBeGreaterThanOrEqual(6);
    for (const number of before) expect(exported).toContain(number);
    for (const number of exported) expect(after.has(number), `${number} is not in the manager's tree`).toBe(true);
    expect(new Set(exported).size).toBe(exported.length);

    const rheinland = await accountByName(admin, RHEINLAND);
    expect(exported).not.toContain(rheinland.customerNumber);
  });

  test("a distributor's export lacks other distributors' accounts", async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const distributor = await openSession(api, 'distributor');
    const { rows } = await readCsv(await distributor.get(`${ACCOUNTS_CSV}?sort=customerNumber`));
    const exported = new Set(rows.slice(1).map((row) => row[0]));
    expect(rows.slice(1).every((row) => row[6] === 'Daniel Vogt')).toBe(true);
    expect(exported.has((await accountByName(admin, MUELLER)).customerNumber)).toBe(true);
    for (const foreign of [RHEINLAND, ELBTAL, ARCHIVED]) {
      expect(exported.has((await accountByName(admin, foreign)).customerNumber), foreign).toBe(false);
    }
  });

  test('the manager view adds the manager column', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const { child, rootManager, childManager } = await managedTree(admin);
    const { rows } = await readCsv(await admin.get(`${ACCOUNTS_CSV}?view=manager&q=${encodeURIComponent(child.name)}`));
    expect(rows[0]?.[0]).toBe('Manager');
    // The child lies in the trees of two managers: the root's and its own, by last name.
    expect(rows.slice(1).map((row) => row[0])).toEqual([rootManager, childManager].map(fullName));
  });
});

// -------------------------------------------------------------------------------------------------
// 8. List: sorting, paging, filters, search, views, children
// -------------------------------------------------------------------------------------------------

const SORT_FIELDS = ['name', 'customerNumber', 'status', 'city', 'createdAt', 'updatedAt'] as const;

/** Values that compare in the same order in JavaScript as in the database (ASCII or ISO dates). */
const BYTE_ORDERED: Record<(typeof SORT_FIELDS)[number], ((item: AccountListItem) => string) | null> = {
  name: null,
  city: null,
  customerNumber: (item) => item.customerNumber,
  status: (item) => item.status,
  createdAt: (item) => item.createdAt,
  updatedAt: (item) => item.updatedAt,
};

test.describe('list', () => {
  test('totals (kept by a trigger) match the rows, and follow creates and status changes', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const distributor = await openSession(api, 'distributor');

    /** Every row of a list, page by page, next to the total it reports. */
    async function rowsAndTotal(session: ApiSession, filters: Record<string, string | number | boolean>) {
      const first = await listAccounts(session, { ...filters, perPage: 100 });
      const ids = first.items.map((item) => item.id);
      for (let page = 2; page <= Math.ceil(first.total / 100); page += 1) {
        ids.push(...(await listAccounts(session, { ...filters, perPage: 100, page })).items.map((item) => item.id));
      }
      return { total: first.total, rows: new Set(ids).size };
    }

    for (const [session, filters] of [
      [admin, {}],
      [admin, { status: 'active' }],
      [admin, { topLevel: true }],
      [admin, { status: 'draft', topLevel: false }],
      [distributor, {}],
      [distributor, { status: 'active', topLevel: true }],
    ] as const) {
      const { total, rows } = await rowsAndTotal(session, filters);
      expect(total, JSON.stringify(filters)).toBe(rows);
    }

    const before = (await listAccounts(distributor, { status: 'draft', perPage: 1 })).total;
    const created = await createAccount(distributor, 'Zähler');
    expect((await listAccounts(distributor, { status: 'draft', perPage: 1 })).total).toBe(before + 1);
    await createAccount(distributor, 'Zähler-Kind', { parentId: created.id });
    expect((await listAccounts(distributor, { status: 'draft', perPage: 1 })).total).toBe(before + 2);
    expect(
      (await listAccounts(distributor, { status: 'draft', topLevel: false, perPage: 1 })).total,
    ).toBeGreaterThanOrEqual(1);
  });

  test('every sort field, both directions: a stable order that paging follows', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    // Elbtal's distributor: a tree nobody changes, with every status.
    const { distributorId } = await accountByName(admin, ELBTAL);
    for (const sort of SORT_FIELDS) {
      const asc = await listAccounts(admin, { distributorId: distributorId!, sort, order: 'asc', perPage: 100 });
      const desc = await listAccounts(admin, { distributorId: distributorId!, sort, order: 'desc', perPage: 100 });
      expect(asc.total).toBeGreaterThanOrEqual(8);
      expect(asc.items).toHaveLength(asc.total);
      // With `id` as the tiebreak in the same direction, descending is exactly ascending reversed.
      expect(
        desc.items.map((item) => item.id),
        sort,
      ).toEqual(asc.items.map((item) => item.id).reverse());

      const key = BYTE_ORDERED[sort];
      if (key) {
        const values = asc.items.map(key);
        expect(values, sort).toEqual([...values].sort());
      }

      // Paging by 3 yields the same sequence.
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(asc.total / 3); page += 1) {
        const slice = await listAccounts(admin, {
          distributorId: distributorId!,
          sort,
          order: 'asc',
          perPage: 3,
          page,
        });
        expect(slice).toMatchObject({ total: asc.total, page, perPage: 3 });
        paged.push(...slice.items.map((item) => item.id));
      }
      expect(paged, sort).toEqual(asc.items.map((item) => item.id));
    }
  });

  test('names sort within a status', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const { distributorId } = await accountByName(admin, ELBTAL);
    const list = await listAccounts(admin, { distributorId: distributorId!, sort: 'status', perPage: 100 });
    const statuses = list.items.map((item) => item.status);
    expect(new Set(statuses)).toEqual(new Set(['active', 'draft', 'suspended', 'archived']));
    for (let index = 1; index < list.items.length; index += 1) {
      const previous = list.items[index - 1]!;
      const current = list.items[index]!;
      if (previous.status === current.status)
        expect(Buffer.compare(Buffer.from(previous.name), Buffer.from(current.name))).toBeLessThanOrEqual(0);
    }
  });

  test('paging: page 2 differs from page 1, total stays', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const { distributorId } = await accountByName(admin, ELBTAL);
    const query = { distributorId: distributorId!, perPage: 4, sort: 'name' };
    const first = await listAccounts(admin, { ...query, page: 1 });
    const second = await listAccounts(admin, { ...query, page: 2 });
    expect(first).toMatchObject({ page: 1, perPage: 4 });
    expect(second).toMatchObject({ page: 2, perPage: 4, total: first.total });
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(4);
    const firstIds = new Set(first.items.map((item) => item.id));
    expect(second.items.some((item) => firstIds.has(item.id))).toBe(false);
    const beyond = await listAccounts(admin, { ...query, page: 100 });
    expect(beyond).toMatchObject({ items: [], total: first.total });
  });

  test('filters: top level, status, parent, distributor, manager', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const topLevel = await listAccounts(admin, { topLevel: true, perPage: 100 });
    expect(topLevel.items.length).toBeGreaterThan(0);
    expect(topLevel.items.every((item) => item.parentId === null && item.depth === 1)).toBe(true);
    const subAccounts = await listAccounts(admin, { topLevel: false, perPage: 100 });
    expect(subAccounts.items.every((item) => item.parentId !== null && item.depth > 1)).toBe(true);

    const suspended = await listAccounts(admin, { status: 'suspended', perPage: 100 });
    expect(suspended.items.every((item) => item.status === 'suspended')).toBe(true);
    expect(suspended.items.map((item) => item.name)).toContain(WEBER_SERVICE);

    const mueller = await accountByName(admin, MUELLER);
    const children = await listAccounts(admin, { parentId: mueller.id, perPage: 100 });
    expect(children.items.every((item) => item.parentId === mueller.id)).toBe(true);
    expect(children.items.map((item) => item.name)).toEqual(
      expect.arrayContaining(['Müller Logistik Nord GmbH', 'Müller Logistik Süd GmbH', 'Müller Fuhrpark GmbH']),
    );

    const byDistributor = await listAccounts(admin, { distributorId: mueller.distributorId!, perPage: 100 });
    expect(byDistributor.items.every((item) => item.distributorId === mueller.distributorId)).toBe(true);

    const manager = await openSession(api, 'manager');
    const managed = await listAccounts(admin, { managerId: manager.userId, perPage: 100 });
    const seenByManager = await listAccounts(manager, { perPage: 100 });
    expect(managed.items.map((item) => item.name)).toContain('Müller Logistik Standort Bremerhaven');
    expect(managed.items.map((item) => item.name)).not.toContain(RHEINLAND);
    expect(new Set(seenByManager.items.map((item) => item.id))).toEqual(new Set(managed.items.map((item) => item.id)));
    // A user who is no manager has no tree.
    expect((await listAccounts(admin, { managerId: admin.userId })).total).toBe(0);
  });

  test('search: part of the name, customer number, city', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const byName = await listAccounts(admin, { q: 'müller', perPage: 100 });
    expect(byName.items.map((item) => item.name)).toEqual(expect.arrayContaining([MUELLER, 'Müller Fuhrpark GmbH']));
    expect(byName.items.every((item) => item.name.toLowerCase().includes('müller'))).toBe(true);
    expect((await listAccounts(admin, { q: 'MÜLLER LOGISTIK' })).total).toBeGreaterThanOrEqual(4);

    const mueller = await accountByName(admin, MUELLER);
    const byNumber = await listAccounts(admin, { q: mueller.customerNumber });
    expect(byNumber.items.map((item) => item.id)).toContain(mueller.id);
    // K-000001: its digits, with or without the leading zeros, and the start of it.
    const digits = mueller.customerNumber.slice(2);
    for (const q of [digits, String(Number(digits)), mueller.customerNumber.slice(0, 6)]) {
      const found = await listAccounts(admin, { q, sort: 'customerNumber', perPage: 100 });
      expect(
        found.items.map((item) => item.id),
        q,
      ).toContain(mueller.id);
    }

    const byCity = await listAccounts(admin, { q: 'bremerhaven' });
    expect(byCity.items.map((item) => item.name)).toContain('Müller Logistik Standort Bremerhaven');

    // Wildcards are literal characters.
    expect((await listAccounts(admin, { q: '%' })).total).toBe(0);
    // A distributor searches only in reach.
    const distributor = await openSession(api, 'distributor');
    expect((await listAccounts(distributor, { q: 'Rheinland' })).total).toBe(0);
  });

  test('view=distributor groups rows by distributor, those without one last', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const first = await listAccounts(admin, { view: 'distributor', topLevel: true, perPage: 100 });
    const names = first.items.map((item) => item.distributorName);
    // Each distributor forms one run of rows.
    const runs = names.filter((name, index) => index === 0 || name !== names[index - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    const firstNull = names.indexOf(null);
    if (firstNull >= 0) expect(names.slice(firstNull).every((name) => name === null)).toBe(true);
    // Within a group, the chosen sort applies.
    const katrin = first.items.filter((item) => item.distributorName === 'Katrin Schulze').map((item) => item.name);
    expect(katrin.length).toBeGreaterThanOrEqual(3);

    const lastPage = Math.ceil(first.total / 10);
    const last = await listAccounts(admin, { view: 'distributor', topLevel: true, perPage: 10, page: lastPage });
    expect(last.items.at(-1)?.distributorName).toBeNull();
  });

  test('view=manager: one row per manager and account of their tree', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const rows = await listAccounts(admin, { view: 'manager', perPage: 100 });
    expect(rows.items.length).toBeGreaterThan(0);
    expect(rows.items.every((item) => item.manager && item.manager.id && item.manager.name)).toBe(true);
    const managerIds = rows.items.map((item) => item.manager!.id);
    const runs = managerIds.filter((id, index) => index === 0 || id !== managerIds[index - 1]);
    expect(new Set(runs).size).toBe(runs.length);

    const { root, child, rootManager, childManager } = await managedTree(admin);
    const ofChild = await listAccounts(admin, { view: 'manager', q: child.name });
    expect(ofChild.total).toBe(2);
    expect(ofChild.items.map((item) => item.manager?.name)).toEqual([rootManager, childManager].map(fullName));

    const own = await listAccounts(admin, { view: 'manager', managerId: rootManager.id, perPage: 100 });
    expect(own.items.map((item) => item.id).sort()).toEqual([root.id, child.id].sort());
    expect(
      own.items.every((item) => item.manager?.id === rootManager.id && item.manager.name === fullName(rootManager)),
    ).toBe(true);
    expect(own.total).toBe((await listAccounts(admin, { managerId: rootManager.id })).total);
  });

  test('children: direct ones by name, or the whole subtree breadth-first', async ({ api }) => {
    const distributor = await openSession(api, 'distributor');
    const root = await createAccount(distributor, 'Baum');
    const b = await createAccount(distributor, 'unused', { name: `${root.name} B`, parentId: root.id });
    const a = await createAccount(distributor, 'unused', { name: `${root.name} A`, parentId: root.id });
    const a1 = await createAccount(distributor, 'unused', { name: `${root.name} A1`, parentId: a.id });

    const direct = await expectJson<AccountList>(await distributor.get(accountPath(root.id, 'children')), 200);
    expect(direct.items.map((item) => item.id)).toEqual([a.id, b.id]);
    expect(direct.total).toBe(2);

    const tree = await expectJson<AccountList>(
      await distributor.get(`${accountPath(root.id, 'children')}?depth=all`),
      200,
    );
    expect(tree.items.map((item) => [item.id, item.parentId, item.depth])).toEqual([
      [a.id, root.id, 2],
      [b.id, root.id, 2],
      [a1.id, a.id, 3],
    ]);
    expect(tree.total).toBe(3);
    expect((await getAccount(distributor, root.id)).childCount).toBe(2);
    await expectInvalid(await distributor.get(`${accountPath(root.id, 'children')}?depth=7`), 'depth');
  });

  test('distributors for the filter and the form: only those the caller may know', async ({ api }) => {
    const distributorsOf = async (session: ApiSession) =>
      (await expectJson<{ items: { id: string; name: string }[] }>(await session.get(`${ACCOUNTS}distributors/`), 200))
        .items;
    const admin = await openSession(api, 'admin');
    const all = await distributorsOf(admin);
    expect(all.map((item) => item.name)).toEqual(
      expect.arrayContaining(['Michael Brandt', 'Petra Lange', 'Katrin Schulze', 'Daniel Vogt']),
    );
    expect(all.map((item) => item.name)).not.toContain('Anna Albrecht');

    const distributor = await openSession(api, 'distributor');
    expect(await distributorsOf(distributor)).toEqual([{ id: distributor.userId, name: 'Daniel Vogt' }]);
    const manager = await openSession(api, 'manager');
    expect(await distributorsOf(manager)).toEqual([{ id: distributor.userId, name: 'Daniel Vogt' }]);
  });

  test('the OpenAPI document describes the accounts API', async ({ api }) => {
    const document = (await (await api.get('/api/v1/openapi.json/')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/accounts',
        '/accounts/distributors',
        '/accounts/{id}',
        '/accounts/{id}/children',
        '/accounts/{id}/suspend',
        '/accounts/{id}/resume',
        '/accounts/{id}/activation',
        '/accounts/{id}/archive',
        '/export/accounts.csv',
      ]),
    );
    expect(Object.keys(document.paths['/accounts/{id}']!).sort()).toEqual(['get', 'patch']);
  });
});
