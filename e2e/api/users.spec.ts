import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { expect, test, type ApiClient } from '../fixtures/api';
import {
  accountByName,
  createAccount,
  expectApiError,
  expectInvalid,
  expectJson,
  openSession,
  type ApiSession,
  type ErrorBody,
} from '../fixtures/accounts';
import type { DemoRole } from '../fixtures/demo-users';
import {
  USERS,
  USERS_CSV,
  activationToken,
  activatedUser,
  getUser,
  inviteInput,
  inviteUser,
  listUsers,
  openUserSession,
  outboxFor,
  userByEmail,
  userPath,
  type UserList,
  type UserRecord,
  type UserUpdateResult,
} from '../fixtures/users';

/**
 * The users API over real HTTP against the demo data (SPEC §1 reach, §2 User, §4 approvals and
 * invitations, §5 contract). Tests run in parallel with each other and with the other suites on
 * one database: each test invites the users it changes, and activates those that must sign in
 * (the `activatedUser` fixture), so the suite runs again against the same deployment.
 *
 * Read only: the four demo sign-ins, lukas.hartmann@, jana.hansen@, claudia.schmitz@ and
 * stefan.fischer@ (locked by the seed).
 */

const ME = '/api/v1/auth/me/';
const LOGIN = '/api/v1/auth/login/';

// Demo accounts (lib/server/db/seed/demo.ts).
const MUELLER = 'Müller Logistik GmbH'; // vertrieb@'s, manager@ (Martin Meyer) manages its tree
const MUELLER_NORD = 'Müller Logistik Nord GmbH'; // in that tree; Lukas Hartmann's
const HANSEN = 'Bäckerei Hansen KG'; // vertrieb@'s too, but not in manager@'s tree (Jana Hansen's)
const RHEINLAND = 'Rheinland Pflegedienste GmbH'; // another distributor's (Claudia Schmitz's)
const ARCHIVED = 'Hafenkontor Bremen GmbH'; // archived

const EMAIL_TAKEN = 'Diese Adresse ist bereits vergeben.';

const ifMatch = (version: number) => ({ 'if-match': `W/"${version}"` });

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

const login = (api: ApiClient, email: string, password = 'Demo-Passwort-2026') =>
  api.post(LOGIN, { data: { email, password } });

// -------------------------------------------------------------------------------------------------
// 1. Authorization matrix
// -------------------------------------------------------------------------------------------------

/** Whose user record an endpoint is called on (always a fresh invitee, so every run starts alike). */
type Target = 'own manager' | 'foreign manager' | 'backoffice' | 'admin';
type Endpoint = 'list' | 'export' | 'get' | 'patch' | 'lock' | 'unlock' | 'resend-invitation' | 'deactivate';
/** For list and export: whether the target is among the rows (the answer is 200 either way). */
type Expected = number | 'listed' | 'hidden';

/**
 * Who may do what to whom, spelled out. "own manager" = a manager of Müller Logistik Nord GmbH (an
 * account of vertrieb@ and in manager@'s tree), "foreign manager" = one of Rheinland Pflegedienste
 * GmbH (another distributor's), "backoffice"/"admin" = an invited user of that role (its grant
 * pending). Outside reach a user answers 404 (their existence does not leak); a missing scope or
 * right answers 403. Back office sees admins but may not change them: 403, not 404. The write
 * steps run in this order on one target: patch, lock (invited → locked), unlock (→ invited again,
 * no password yet), resend-invitation (422 while a role grant is pending), deactivate.
 */
// prettier-ignore
const MATRIX: ReadonlyArray<readonly [DemoRole, Target, Endpoint, Expected]> = [
  // role          target              endpoint              expected
  ['admin',        'own manager',      'list',               'listed'],
  ['admin',        'own manager',      'export',             'listed'],
  ['admin',        'own manager',      'get',                200],
  ['admin',        'own manager',      'patch',              200],
  ['admin',        'own manager',      'lock',               200],
  ['admin',        'own manager',      'unlock',             200],
  ['admin',        'own manager',      'resend-invitation',  200],
  ['admin',        'own manager',      'deactivate',         200],

  ['admin',        'foreign manager',  'list',               'listed'],
  ['admin',        'foreign manager',  'export',             'listed'],
  ['admin',        'foreign manager',  'get',                200],
  ['admin',        'foreign manager',  'patch',              200],
  ['admin',        'foreign manager',  'lock',               200],
  ['admin',        'foreign manager',  'unlock',             200],
  ['admin',        'foreign manager',  'resend-invitation',  200],
  ['admin',        'foreign manager',  'deactivate',         200],

  ['admin',        'backoffice',       'list',               'listed'],
  ['admin',        'backoffice',       'export',             'listed'],
  ['admin',        'backoffice',       'get',                200],
  ['admin',        'backoffice',       'patch',              200],
  ['admin',        'backoffice',       'lock',               200],
  ['admin',        'backoffice',       'unlock',             200],
  ['admin',        'backoffice',       'resend-invitation',  422],
  ['admin',        'backoffice',       'deactivate',         200],

  ['admin',        'admin',            'list',               'listed'],
  ['admin',        'admin',            'export',             'listed'],
  ['admin',        'admin',            'get',                200],
  ['admin',        'admin',            'patch',              200],
  ['admin',        'admin',            'lock',               200],
  ['admin',        'admin',            'unlock',             200],
  ['admin',        'admin',            'resend-invitation',  422],
  ['admin',        'admin',            'deactivate',         200],

  ['backoffice',   'own manager',      'list',               'listed'],
  ['backoffice',   'own manager',      'export',             'listed'],
  ['backoffice',   'own manager',      'get',                200],
  ['backoffice',   'own manager',      'patch',              200],
  ['backoffice',   'own manager',      'lock',               200],
  ['backoffice',   'own manager',      'unlock',             200],
  ['backoffice',   'own manager',      'resend-invitation',  200],
  ['backoffice',   'own manager',      'deactivate',         200],

  ['backoffice',   'foreign manager',  'list',               'listed'],
  ['backoffice',   'foreign manager',  'export',             'listed'],
  ['backoffice',   'foreign manager',  'get',                200],
  ['backoffice',   'foreign manager',  'patch',              200],
  ['backoffice',   'foreign manager',  'lock',               200],
  ['backoffice',   'foreign manager',  'unlock',             200],
  ['backoffice',   'foreign manager',  'resend-invitation',  200],
  ['backoffice',   'foreign manager',  'deactivate',         200],

  ['backoffice',   'backoffice',       'list',               'listed'],
  ['backoffice',   'backoffice',       'export',             'listed'],
  ['backoffice',   'backoffice',       'get',                200],
  ['backoffice',   'backoffice',       'patch',              200],
  ['backoffice',   'backoffice',       'lock',               200],
  ['backoffice',   'backoffice',       'unlock',             200],
  ['backoffice',   'backoffice',       'resend-invitation',  422],
  ['backoffice',   'backoffice',       'deactivate',         200],

  ['backoffice',   'admin',            'list',               'listed'],
  ['backoffice',   'admin',            'export',             'listed'],
  ['backoffice',   'admin',            'get',                200],
  ['backoffice',   'admin',            'patch',              403],
  ['backoffice',   'admin',            'lock',               403],
  ['backoffice',   'admin',            'unlock',             403],
  ['backoffice',   'admin',            'resend-invitation',  403],
  ['backoffice',   'admin',            'deactivate',         403],

  ['distributor',  'own manager',      'list',               'listed'],
  ['distributor',  'own manager',      'export',             'listed'],
  ['distributor',  'own manager',      'get',                200],
  ['distributor',  'own manager',      'patch',              200],
  ['distributor',  'own manager',      'lock',               200],
  ['distributor',  'own manager',      'unlock',             200],
  ['distributor',  'own manager',      'resend-invitation',  200],
  ['distributor',  'own manager',      'deactivate',         200],

  ['distributor',  'foreign manager',  'list',               'hidden'],
  ['distributor',  'foreign manager',  'export',             'hidden'],
  ['distributor',  'foreign manager',  'get',                404],
  ['distributor',  'foreign manager',  'patch',              404],
  ['distributor',  'foreign manager',  'lock',               404],
  ['distributor',  'foreign manager',  'unlock',             404],
  ['distributor',  'foreign manager',  'resend-invitation',  404],
  ['distributor',  'foreign manager',  'deactivate',         404],

  ['distributor',  'backoffice',       'list',               'hidden'],
  ['distributor',  'backoffice',       'export',             'hidden'],
  ['distributor',  'backoffice',       'get',                404],
  ['distributor',  'backoffice',       'patch',              404],
  ['distributor',  'backoffice',       'lock',               404],
  ['distributor',  'backoffice',       'unlock',             404],
  ['distributor',  'backoffice',       'resend-invitation',  404],
  ['distributor',  'backoffice',       'deactivate',         404],

  ['distributor',  'admin',            'list',               'hidden'],
  ['distributor',  'admin',            'export',             'hidden'],
  ['distributor',  'admin',            'get',                404],
  ['distributor',  'admin',            'patch',              404],
  ['distributor',  'admin',            'lock',               404],
  ['distributor',  'admin',            'unlock',             404],
  ['distributor',  'admin',            'resend-invitation',  404],
  ['distributor',  'admin',            'deactivate',         404],

  ['manager',      'own manager',      'list',               'listed'],
  ['manager',      'own manager',      'export',             'listed'],
  ['manager',      'own manager',      'get',                200],
  ['manager',      'own manager',      'patch',              403],
  ['manager',      'own manager',      'lock',               403],
  ['manager',      'own manager',      'unlock',             403],
  ['manager',      'own manager',      'resend-invitation',  403],
  ['manager',      'own manager',      'deactivate',         403],

  ['manager',      'foreign manager',  'list',               'hidden'],
  ['manager',      'foreign manager',  'export',             'hidden'],
  ['manager',      'foreign manager',  'get',                404],
  ['manager',      'foreign manager',  'patch',              403],
  ['manager',      'foreign manager',  'lock',               403],
  ['manager',      'foreign manager',  'unlock',             403],
  ['manager',      'foreign manager',  'resend-invitation',  403],
  ['manager',      'foreign manager',  'deactivate',         403],

  ['manager',      'backoffice',       'list',               'hidden'],
  ['manager',      'backoffice',       'export',             'hidden'],
  ['manager',      'backoffice',       'get',                404],
  ['manager',      'backoffice',       'patch',              403],
  ['manager',      'backoffice',       'lock',               403],
  ['manager',      'backoffice',       'unlock',             403],
  ['manager',      'backoffice',       'resend-invitation',  403],
  ['manager',      'backoffice',       'deactivate',         403],

  ['manager',      'admin',            'list',               'hidden'],
  ['manager',      'admin',            'export',             'hidden'],
  ['manager',      'admin',            'get',                404],
  ['manager',      'admin',            'patch',              403],
  ['manager',      'admin',            'lock',               403],
  ['manager',      'admin',            'unlock',             403],
  ['manager',      'admin',            'resend-invitation',  403],
  ['manager',      'admin',            'deactivate',         403],
];

/** What a write step leaves the target's status at when it succeeds. */
const STATUS_AFTER: Partial<Record<Endpoint, UserRecord['status']>> = {
  lock: 'locked',
  unlock: 'invited',
  'resend-invitation': 'invited',
  deactivate: 'deactivated',
};

type Invitee = 'manager of own account' | 'manager of foreign account' | 'backoffice' | 'admin';

/**
 * Who may invite whom. A distributor invites managers to their own accounts only (a foreign
 * account is out of reach: 404); back office cannot grant admin; a manager invites nobody.
 */
// prettier-ignore
const INVITE_MATRIX: ReadonlyArray<readonly [DemoRole, Invitee, number]> = [
  // role          invitee                         status
  ['admin',        'manager of own account',       201],
  ['admin',        'manager of foreign account',   201],
  ['admin',        'backoffice',                   201],
  ['admin',        'admin',                        201],

  ['backoffice',   'manager of own account',       201],
  ['backoffice',   'manager of foreign account',   201],
  ['backoffice',   'backoffice',                   201],
  ['backoffice',   'admin',                        403],

  ['distributor',  'manager of own account',       201],
  ['distributor',  'manager of foreign account',   404],
  ['distributor',  'backoffice',                   403],
  ['distributor',  'admin',                        403],

  ['manager',      'manager of own account',       403],
  ['manager',      'manager of foreign account',   403],
  ['manager',      'backoffice',                   403],
  ['manager',      'admin',                        403],
];

const ERROR_CODE: Record<number, string> = { 403: 'forbidden', 404: 'not_found', 422: 'validation_failed' };

async function inviteTarget(admin: ApiSession, target: Target): Promise<UserRecord> {
  const label = `Matrix ${target}`;
  switch (target) {
    case 'own manager':
      return inviteUser(admin, label, { accountId: (await accountByName(admin, MUELLER_NORD)).id });
    case 'foreign manager':
      return inviteUser(admin, label, { accountId: (await accountByName(admin, RHEINLAND)).id });
    case 'backoffice':
    case 'admin':
      return inviteUser(admin, label, { role: target });
  }
}

test.describe('authorization matrix', () => {
  const groups = [...new Set(MATRIX.map(([role, target]) => `${role}|${target}`))];
  for (const group of groups) {
    const [role, target] = group.split('|') as [DemoRole, Target];
    test(`${role} × ${target}`, async ({ api }) => {
      const admin = await openSession(api, 'admin');
      const session = role === 'admin' ? admin : await openSession(api, role);
      const user = await inviteTarget(admin, target);

      for (const [, , endpoint, expected] of MATRIX.filter(([r, t]) => r === role && t === target)) {
        await test.step(`${endpoint} → ${expected}`, async () => {
          if (endpoint === 'list') {
            const list = await listUsers(session, { q: user.email, perPage: 100 });
            const ids = list.items.map((item) => item.id);
            if (expected === 'listed') expect(ids).toContain(user.id);
            else expect(ids).not.toContain(user.id);
            return;
          }
          if (endpoint === 'export') {
            const { rows } = await readCsv(await session.get(`${USERS_CSV}?q=${encodeURIComponent(user.email)}`));
            const emails = rows.slice(1).map((row) => row[2]);
            if (expected === 'listed') expect(emails).toContain(user.email);
            else expect(emails).not.toContain(user.email);
            return;
          }

          let response: APIResponse;
          if (endpoint === 'get') response = await session.get(userPath(user.id));
          else if (endpoint === 'patch') {
            const { version } = await getUser(admin, user.id);
            response = await session.patch(userPath(user.id), { phone: '+49 30 1234567' }, ifMatch(version));
          } else response = await session.post(userPath(user.id, endpoint));

          const text = await response.text();
          expect(response.status(), `${role} ${endpoint} ${target}: ${text.slice(0, 400)}`).toBe(expected);
          const body = JSON.parse(text) as ErrorBody & UserRecord & UserUpdateResult;
          if (typeof expected === 'number' && expected >= 400) {
            expect(body.code).toBe(ERROR_CODE[expected]);
            return;
          }
          if (endpoint === 'get') expect(body).toMatchObject({ id: user.id, email: user.email, role: user.role });
          if (endpoint === 'patch') expect(body.user).toMatchObject({ id: user.id, phone: '+49 30 1234567' });
          const status = STATUS_AFTER[endpoint];
          if (status) expect(body).toMatchObject({ id: user.id, status });
        });
      }

      // Whatever the role did, the target is as the matrix says: unchanged where it was refused.
      const after = await getUser(admin, user.id);
      const deactivated = MATRIX.some(([r, t, e, x]) => r === role && t === target && e === 'deactivate' && x === 200);
      expect(after.status).toBe(deactivated ? 'deactivated' : 'invited');
      if (!deactivated) expect(after.version).toBe(user.version);
    });
  }

  const inviteGroups = [...new Set(INVITE_MATRIX.map(([role]) => role))];
  for (const role of inviteGroups) {
    test(`${role} invites`, async ({ api }) => {
      const admin = await openSession(api, 'admin');
      const session = role === 'admin' ? admin : await openSession(api, role);
      const own = await accountByName(admin, MUELLER_NORD);
      const foreign = await accountByName(admin, RHEINLAND);

      for (const [, invitee, expected] of INVITE_MATRIX.filter(([r]) => r === role)) {
        await test.step(`${invitee} → ${expected}`, async () => {
          const input =
            invitee === 'manager of own account'
              ? inviteInput('Einladung', { accountId: own.id })
              : invitee === 'manager of foreign account'
                ? inviteInput('Einladung', { accountId: foreign.id })
                : inviteInput('Einladung', { role: invitee });
          const response = await session.post(USERS, input);
          const text = await response.text();
          expect(response.status(), `${role} invites ${invitee}: ${text.slice(0, 400)}`).toBe(expected);
          const body = JSON.parse(text) as ErrorBody & UserRecord;
          if (expected >= 400) {
            expect(body.code).toBe(ERROR_CODE[expected]);
            // Nothing was created.
            expect((await listUsers(admin, { q: String(input.email) })).total).toBe(0);
            return;
          }
          expect(response.headers()['etag']).toBe(`W/"${body.version}"`);
          expect(body).toMatchObject({ email: input.email, status: 'invited', version: 1, lastLoginAt: null });
          if (invitee === 'backoffice' || invitee === 'admin') {
            expect(body).toMatchObject({ role: invitee, accountId: null });
            expect(body.pendingApprovals).toEqual([
              { id: expect.any(String), kind: 'role_grant', payload: { role: invitee } },
            ]);
          } else {
            expect(body).toMatchObject({ role: 'manager', accountId: input.accountId });
            expect(body.pendingApprovals).toEqual([]);
          }
        });
      }
    });
  }

  test('a malformed or unknown id answers 404', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    await expectApiError(await admin.get(userPath('not-a-uuid')), 404, 'not_found');
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expectApiError(await admin.get(userPath(unknown)), 404, 'not_found');
    await expectApiError(await admin.patch(userPath(unknown), { phone: '' }, ifMatch(1)), 404, 'not_found');
    for (const action of ['lock', 'unlock', 'deactivate', 'resend-invitation']) {
      await expectApiError(await admin.post(userPath(unknown, action)), 404, 'not_found');
    }
  });

  test('without a token every endpoint answers 401', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const id = admin.userId;
    for (const [method, url] of [
      ['GET', USERS],
      ['POST', USERS],
      ['GET', userPath(id)],
      ['PATCH', userPath(id)],
      ['POST', userPath(id, 'lock')],
      ['POST', userPath(id, 'unlock')],
      ['POST', userPath(id, 'deactivate')],
      ['POST', userPath(id, 'resend-invitation')],
      ['GET', USERS_CSV],
    ] as const) {
      await expectApiError(await api.fetch(url, { method }), 401, 'unauthorized');
    }
  });
});

// -------------------------------------------------------------------------------------------------
// 2. Invitations
// -------------------------------------------------------------------------------------------------

test.describe('invitations', () => {
  test('the activation mail goes to the invitee, in their language; a resend replaces the link', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const distributor = await openSession(api, 'distributor');
    const mueller = await accountByName(distributor, MUELLER);
    const invited = await inviteUser(distributor, 'Englisch', { accountId: mueller.id, locale: 'en' });
    expect(invited).toMatchObject({ status: 'invited', accountName: MUELLER, locale: 'en' });

    const [mail, ...older] = await outboxFor(admin, invited.email);
    expect(older).toEqual([]);
    expect(mail).toMatchObject({ to: invited.email, template: 'activation' });
    expect(mail!.subject).toMatch(/^Your access/);
    expect(mail!.text).toContain(`${invited.firstName} ${invited.lastName}`);
    expect(mail!.text).toContain('72');
    const firstToken = activationToken(mail!);
    expect(firstToken, mail!.text).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const resent = await expectJson<UserRecord>(await distributor.post(userPath(invited.id, 'resend-invitation')), 200);
    // Sending a link again is no change of the user.
    expect(resent).toMatchObject({ status: 'invited', version: invited.version });
    const mails = await outboxFor(admin, invited.email);
    expect(mails).toHaveLength(2);
    const tokens = mails.map(activationToken);
    expect(new Set(tokens).size).toBe(2);
    expect(tokens).toContain(firstToken);
  });

  test('an invitation is resent at most once a minute: 429 with Retry-After, and no mail', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const invited = await inviteUser(admin, 'Drossel', { role: 'distributor' });
    await expectJson<UserRecord>(await admin.post(userPath(invited.id, 'resend-invitation')), 200);
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await admin.post(userPath(invited.id, 'resend-invitation'));
      await expectApiError(refused, 429, 'rate_limited');
      const retryAfter = Number(refused.headers()['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await outboxFor(admin, invited.email)).toHaveLength(2);
  });

  test('a German invitee gets a German mail', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const invited = await inviteUser(admin, 'Deutsch', { role: 'distributor' });
    expect(invited).toMatchObject({ role: 'distributor', accountId: null, accountName: null, locale: 'de' });
    const [mail] = await outboxFor(admin, invited.email);
    expect(mail!.subject).toMatch(/^Ihr Zugang/);
    expect(activationToken(mail!)).not.toBeNull();
  });

  test('inviting admin or back office files a role grant and sends no mail until it is approved', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    for (const [session, role] of [
      [admin, 'admin'],
      [backoffice, 'backoffice'],
    ] as const) {
      const invited = await inviteUser(session, `Vier Augen ${role}`, { role });
      expect(invited).toMatchObject({ role, status: 'invited' });
      expect(invited.pendingApprovals).toEqual([{ id: expect.any(String), kind: 'role_grant', payload: { role } }]);
      expect(await getUser(admin, invited.id)).toMatchObject({ pendingApprovals: invited.pendingApprovals });
      expect(await outboxFor(admin, invited.email)).toEqual([]);

      const resend = await expectInvalid(await session.post(userPath(invited.id, 'resend-invitation')), 'role');
      expect(resend.message).toMatch(/wartet auf Freigabe/);
      expect(await outboxFor(admin, invited.email)).toEqual([]);
    }
  });

  test('a pending role grant cannot be side-stepped through "forgot password"', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const forgot = (email: string) => api.post('/api/v1/auth/password/forgot/', { data: { email } });
    const mailsAfter = async (email: string, count: number) => {
      // The mail is queued after the answer (so its timing tells nothing): wait for it a little.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const mails = await outboxFor(admin, email);
        if (mails.length >= count) return mails;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return outboxFor(admin, email);
    };

    // An invited manager asking for a password gets a fresh activation link …
    const manager = await inviteUser(admin, 'Vergessen', { accountId: (await accountByName(admin, MUELLER)).id });
    expect((await forgot(manager.email)).status()).toBe(200);
    expect(await mailsAfter(manager.email, 2)).toHaveLength(2);

    // … an invited admin whose grant waits for its approval gets none: that link would let them in
    // before anyone approved the role.
    const invitedAdmin = await inviteUser(admin, 'Vergessen Admin', { role: 'admin' });
    expect((await forgot(invitedAdmin.email)).status()).toBe(200);
    expect(await mailsAfter(invitedAdmin.email, 1)).toEqual([]);
  });

  test('e-mail addresses are unique regardless of case', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const distributor = await openSession(api, 'distributor');
    const mueller = await accountByName(admin, MUELLER);

    const demo = await expectInvalid(
      await admin.post(USERS, inviteInput('Doppelt', { email: 'MANAGER@Example.com', accountId: mueller.id })),
      'email',
    );
    expect(demo.details).toEqual([{ path: 'email', message: EMAIL_TAKEN, code: 'emailTaken' }]);

    const first = await inviteUser(distributor, 'Einmalig', { accountId: mueller.id });
    const again = await expectInvalid(
      await distributor.post(
        USERS,
        inviteInput('Einmalig', { email: `  ${first.email.toUpperCase()} `, accountId: mueller.id }),
      ),
      'email',
    );
    expect(again.message).toBe(EMAIL_TAKEN);
    // The address is stored as typed but trimmed and lower-cased.
    const mixed = await inviteUser(admin, 'Gross', {
      email: `Gross.Klein-${Date.now()}@Example.COM`,
      role: 'distributor',
    });
    expect(mixed.email).toBe(mixed.email.toLowerCase());
  });

  test('role and account: managers need an account in reach that is not archived, others none', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const mueller = await accountByName(admin, MUELLER);
    const archived = await accountByName(admin, ARCHIVED);

    await expectInvalid(await admin.post(USERS, inviteInput('Ohne Konto', { role: 'manager' })), 'accountId');
    await expectInvalid(
      await admin.post(USERS, inviteInput('Mit Konto', { role: 'backoffice', accountId: mueller.id })),
      'accountId',
    );
    await expectInvalid(
      await admin.post(USERS, inviteInput('Vertrieb mit Konto', { role: 'distributor', accountId: mueller.id })),
      'accountId',
    );
    await expectApiError(
      await admin.post(USERS, inviteInput('Unbekannt', { accountId: '00000000-0000-4000-8000-000000000000' })),
      404,
      'not_found',
    );
    const readOnly = await expectApiError(
      await admin.post(USERS, inviteInput('Archiv', { accountId: archived.id })),
      403,
      'forbidden',
    );
    expect(readOnly.message).toBe('Archivierte Konten sind schreibgeschützt.');

    await expectInvalid(await admin.post(USERS, inviteInput('Mail', { email: 'keine-adresse' })), 'email');
    await expectInvalid(await admin.post(USERS, inviteInput('Rolle', { role: 'owner' })), 'role');
    await expectInvalid(
      await admin.post(USERS, inviteInput('Telefon', { accountId: mueller.id, phone: 'abc' })),
      'phone',
    );
    await expectInvalid(
      await admin.post(USERS, inviteInput('Name', { accountId: mueller.id, firstName: ' ' })),
      'firstName',
    );
    // Status, password and the like are not the inviter's to set.
    await expectApiError(
      await admin.post(USERS, inviteInput('Feld', { accountId: mueller.id, status: 'active' })),
      422,
      'validation_failed',
    );
    await expectApiError(
      await admin.post(USERS, inviteInput('Feld', { accountId: mueller.id, password: 'Geheim-Passwort-1' })),
      422,
      'validation_failed',
    );
  });
});

// -------------------------------------------------------------------------------------------------
// 3. Changes: optimistic locking, roles, accounts
// -------------------------------------------------------------------------------------------------

test.describe('changes', () => {
  test('GET answers the version as ETag; PATCH needs it (428), refuses a stale one (409)', async ({ api }) => {
    const backoffice = await openSession(api, 'backoffice');
    const mueller = await accountByName(backoffice, MUELLER);
    const user = await inviteUser(backoffice, 'Sperre', { accountId: mueller.id });
    const response = await backoffice.get(userPath(user.id));
    expect(response.headers()['etag']).toBe(`W/"${user.version}"`);

    await expectApiError(await backoffice.patch(userPath(user.id), { phone: '0' }), 428, 'precondition_required');

    const first = await backoffice.patch(
      userPath(user.id),
      { firstName: 'Erste', locale: 'en' },
      ifMatch(user.version),
    );
    const changed = await expectJson<UserUpdateResult>(first, 200);
    expect(changed).toMatchObject({
      approval: null,
      user: { firstName: 'Erste', locale: 'en', version: user.version + 1 },
    });
    expect(first.headers()['etag']).toBe(`W/"${user.version + 1}"`);

    const stale = await expectApiError(
      await backoffice.patch(userPath(user.id), { firstName: 'Zweite' }, ifMatch(user.version)),
      409,
      'conflict',
    );
    expect(stale.current).toMatchObject({ id: user.id, firstName: 'Erste', version: user.version + 1 });

    // The version may come in the body instead of If-Match.
    const byBody = await expectJson<UserUpdateResult>(
      await backoffice.patch(userPath(user.id), { lastName: 'Neu', version: user.version + 1 }, {}),
      200,
    );
    expect(byBody.user).toMatchObject({ lastName: 'Neu', firstName: 'Erste', version: user.version + 2 });

    // The same values are no change.
    const same = await expectJson<UserUpdateResult>(
      await backoffice.patch(
        userPath(user.id),
        { lastName: 'Neu', role: 'manager', accountId: mueller.id },
        ifMatch(user.version + 2),
      ),
      200,
    );
    expect(same.user.version).toBe(user.version + 2);

    await expectApiError(
      await backoffice.patch(userPath(user.id), { email: 'x@example.com' }, ifMatch(user.version + 2)),
      422,
      'validation_failed',
    );
  });

  test('a move to back office becomes a pending role grant; the other fields apply', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const mueller = await accountByName(admin, MUELLER);
    const user = await inviteUser(admin, 'Befoerderung', { accountId: mueller.id });

    // A back-office user has no account: the change must say so.
    await expectInvalid(
      await admin.patch(userPath(user.id), { role: 'backoffice' }, ifMatch(user.version)),
      'accountId',
    );

    const result = await expectJson<UserUpdateResult>(
      await admin.patch(
        userPath(user.id),
        { role: 'backoffice', accountId: null, firstName: 'Befördert' },
        ifMatch(user.version),
      ),
      200,
    );
    expect(result.approval).toEqual({ id: expect.any(String), kind: 'role_grant', status: 'pending' });
    expect(result.user).toMatchObject({
      role: 'manager',
      accountId: mueller.id,
      firstName: 'Befördert',
      version: user.version + 1,
      pendingApprovals: [
        { id: result.approval!.id, kind: 'role_grant', payload: { role: 'backoffice', accountId: null } },
      ],
    });

    // One pending grant per user: a second one is a 409 about the role, without a `current` record.
    const second = await expectApiError(
      await admin.patch(userPath(user.id), { role: 'admin', accountId: null }, ifMatch(result.user.version)),
      409,
      'conflict',
    );
    expect(second.details?.map((detail) => detail.path)).toEqual(['role']);
    expect(second).not.toHaveProperty('current');
    expect(await getUser(admin, user.id)).toMatchObject({ role: 'manager', version: user.version + 1 });
  });

  test('other role changes apply at once, within the actor’s rights', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    const distributor = await openSession(api, 'distributor');
    const mueller = await accountByName(admin, MUELLER);

    const user = await inviteUser(distributor, 'Rollenwechsel', { accountId: mueller.id });
    await expectApiError(
      await distributor.patch(userPath(user.id), { role: 'distributor', accountId: null }, ifMatch(user.version)),
      403,
      'forbidden',
    );
    await expectApiError(
      await backoffice.patch(userPath(user.id), { role: 'admin', accountId: null }, ifMatch(user.version)),
      403,
      'forbidden',
    );
    const moved = await expectJson<UserUpdateResult>(
      await backoffice.patch(userPath(user.id), { role: 'distributor', accountId: null }, ifMatch(user.version)),
      200,
    );
    expect(moved).toMatchObject({
      approval: null,
      user: { role: 'distributor', accountId: null, accountName: null, version: user.version + 1 },
    });
    // No longer a manager of the distributor's accounts: out of their reach.
    await expectApiError(await distributor.get(userPath(user.id)), 404, 'not_found');

    const back = await expectJson<UserUpdateResult>(
      await admin.patch(userPath(user.id), { role: 'manager', accountId: mueller.id }, ifMatch(moved.user.version)),
      200,
    );
    expect(back.user).toMatchObject({ role: 'manager', accountId: mueller.id, accountName: MUELLER });
    expect((await getUser(distributor, user.id)).id).toBe(user.id);
  });

  test('a distributor moves their managers between their own accounts only', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const distributor = await openSession(api, 'distributor');
    const mueller = await accountByName(distributor, MUELLER);
    const hansen = await accountByName(distributor, HANSEN);
    const rheinland = await accountByName(admin, RHEINLAND);
    const archived = await accountByName(admin, ARCHIVED);

    const user = await inviteUser(distributor, 'Umzug', { accountId: mueller.id });
    await expectApiError(
      await distributor.patch(userPath(user.id), { accountId: rheinland.id }, ifMatch(user.version)),
      404,
      'not_found',
    );
    await expectInvalid(
      await distributor.patch(userPath(user.id), { accountId: null }, ifMatch(user.version)),
      'accountId',
    );
    await expectApiError(
      await admin.patch(userPath(user.id), { accountId: archived.id }, ifMatch(user.version)),
      403,
      'forbidden',
    );
    const moved = await expectJson<UserUpdateResult>(
      await distributor.patch(userPath(user.id), { accountId: hansen.id }, ifMatch(user.version)),
      200,
    );
    expect(moved.user).toMatchObject({ accountId: hansen.id, accountName: HANSEN, version: user.version + 1 });
  });

  test('nobody changes their own role, locks or deactivates themselves', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    for (const session of [admin, backoffice]) {
      const self = await getUser(session, session.userId);
      const role = session.role === 'admin' ? 'backoffice' : 'distributor';
      await expectApiError(await session.patch(userPath(self.id), { role }, ifMatch(self.version)), 403, 'forbidden');
      await expectApiError(await session.post(userPath(self.id, 'lock')), 403, 'forbidden');
      await expectApiError(await session.post(userPath(self.id, 'deactivate')), 403, 'forbidden');
      expect(await getUser(session, self.id)).toMatchObject({ role: self.role, status: 'active' });
    }
  });
});

// -------------------------------------------------------------------------------------------------
// 4. Status: lock, unlock, deactivate, resend
// -------------------------------------------------------------------------------------------------

test.describe('status', () => {
  test('locking ends the sessions at once and blocks sign-in; unlocking lets them in again', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const distributor = await openSession(api, 'distributor');
    // A manager of one of vertrieb@'s accounts.
    const account = await createAccount(distributor, 'Sperren');
    const {
      user: target,
      email: TOBIAS,
      password,
    } = await activatedUser(api, admin, 'Sperren', {
      role: 'manager',
      accountId: account.id,
    });

    const tobias = await openUserSession(api, TOBIAS, password);
    expect((await tobias.get(ME)).status()).toBe(200);
    const before = await getUser(distributor, target.id);
    expect(before.status).toBe('active');

    // vertrieb@ manages the managers of their accounts.
    const locked = await expectJson<UserRecord>(await distributor.post(userPath(target.id, 'lock')), 200);
    expect(locked).toMatchObject({ status: 'locked', version: before.version + 1 });
    await expectApiError(await tobias.get(ME), 401, 'unauthorized');
    const refused = await expectApiError(await login(api, TOBIAS, password), 403, 'forbidden');
    expect(refused.message).toMatch(/gesperrt/);
    await expectInvalid(await distributor.post(userPath(target.id, 'lock')), 'status');
    await expectInvalid(await distributor.post(userPath(target.id, 'resend-invitation')), 'status');

    const unlocked = await expectJson<UserRecord>(await distributor.post(userPath(target.id, 'unlock')), 200);
    expect(unlocked).toMatchObject({ status: 'active', version: before.version + 2 });
    await expectInvalid(await distributor.post(userPath(target.id, 'unlock')), 'status');
    // The old session stays ended; a new sign-in works.
    await expectApiError(await tobias.get(ME), 401, 'unauthorized');
    const again = await openUserSession(api, TOBIAS, password);
    expect((await again.get(ME)).status()).toBe(200);
  });

  test('an invited user can be locked, and unlocking returns them to invited', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const user = await inviteUser(admin, 'Eingeladen gesperrt', { role: 'distributor' });
    const locked = await expectJson<UserRecord>(await admin.post(userPath(user.id, 'lock')), 200);
    expect(locked.status).toBe('locked');
    const unlocked = await expectJson<UserRecord>(await admin.post(userPath(user.id, 'unlock')), 200);
    expect(unlocked).toMatchObject({ status: 'invited', version: user.version + 2 });
    // The lock voided the first link; a new invitation sends a fresh one.
    const resent = await expectJson<UserRecord>(await admin.post(userPath(user.id, 'resend-invitation')), 200);
    expect(resent.status).toBe('invited');
    expect(await outboxFor(admin, user.email)).toHaveLength(2);
  });

  test('deactivating ends the sessions at once and is final', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const { user: target, email: PETRA, password } = await activatedUser(api, admin, 'Deaktiviert');

    const petra = await openUserSession(api, PETRA, password);
    expect((await petra.get(ME)).status()).toBe(200);
    const before = await getUser(admin, target.id);

    const deactivated = await expectJson<UserRecord>(await admin.post(userPath(target.id, 'deactivate')), 200);
    expect(deactivated).toMatchObject({ status: 'deactivated', role: 'distributor', version: before.version + 1 });
    await expectApiError(await petra.get(ME), 401, 'unauthorized');
    await expectApiError(await login(api, PETRA, password), 403, 'forbidden');

    for (const action of ['unlock', 'lock', 'deactivate', 'resend-invitation']) {
      await expectInvalid(await admin.post(userPath(target.id, action)), 'status');
    }
    await expectInvalid(
      await admin.patch(userPath(target.id), { phone: '+49 69 1' }, ifMatch(deactivated.version)),
      'status',
    );
    expect(await getUser(admin, target.id)).toMatchObject({ status: 'deactivated', version: deactivated.version });
  });

  test('resending is only for invited users', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const manager = await userByEmail(admin, 'manager@example.com');
    const refused = await expectInvalid(await admin.post(userPath(manager.id, 'resend-invitation')), 'status');
    expect(refused.message).toMatch(/eingeladen/i);
  });
});

// -------------------------------------------------------------------------------------------------
// 5. List: reach, filters, search, sorting
// -------------------------------------------------------------------------------------------------

test.describe('list', () => {
  const names = (list: UserList) => list.items.map((item) => `${item.firstName} ${item.lastName}`);

  test('a distributor sees the managers of their accounts, a manager those of their tree', async ({ api }) => {
    const distributor = await openSession(api, 'distributor');
    const manager = await openSession(api, 'manager');

    // Each demo user looked up by address: a used deployment has more than a page of managers.
    const sees = async (session: ApiSession, email: string) =>
      (await listUsers(session, { q: email, perPage: 100 })).items.some((item) => item.email === email);

    const ofDistributor = await listUsers(distributor, { perPage: 100, q: '@example.com' });
    expect(ofDistributor.items.every((item) => item.role === 'manager')).toBe(true);
    for (const email of ['manager@', 'lukas.hartmann@', 'jana.hansen@', 'tobias.neumann@']) {
      expect(await sees(distributor, `${email}example.com`), email).toBe(true);
    }
    for (const email of ['vertrieb@', 'claudia.schmitz@', 'admin@', 'julia.zimmermann@']) {
      expect(await sees(distributor, `${email}example.com`), email).toBe(false);
    }

    const ofManager = await listUsers(manager, { perPage: 100, q: 'example.com' });
    expect(ofManager.items.every((item) => item.role === 'manager')).toBe(true);
    for (const email of ['manager@', 'lukas.hartmann@']) {
      expect(await sees(manager, `${email}example.com`), email).toBe(true);
    }
    for (const email of ['jana.hansen@', 'tobias.neumann@']) {
      expect(await sees(manager, `${email}example.com`), email).toBe(false);
    }
    const self = await getUser(manager, manager.userId);
    expect(self).toMatchObject({ email: 'manager@example.com', accountName: MUELLER });
    // The manager's own users list may hold only managers of the tree, whatever they filter.
    expect((await listUsers(manager, { role: 'admin' })).total).toBe(0);
  });

  test('filters: role, status, account; search on name and e-mail', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const distributors = await listUsers(admin, { role: 'distributor', perPage: 100 });
    expect(distributors.items.every((item) => item.role === 'distributor')).toBe(true);
    expect(names(distributors)).toEqual(expect.arrayContaining(['Daniel Vogt', 'Katrin Schulze']));

    const locked = await listUsers(admin, { status: 'locked', perPage: 100 });
    expect(locked.items.every((item) => item.status === 'locked')).toBe(true);
    expect(names(locked)).toContain('Stefan Fischer');

    const mueller = await accountByName(admin, MUELLER);
    const ofMueller = await listUsers(admin, { accountId: mueller.id, perPage: 100 });
    expect(ofMueller.items.every((item) => item.accountId === mueller.id && item.accountName === MUELLER)).toBe(true);
    expect(names(ofMueller)).toContain('Martin Meyer');
    expect(names(ofMueller)).not.toContain('Lukas Hartmann');

    // Search finds a user of the test's own: on a used deployment a name may repeat.
    const tag = randomUUID()
      .replace(/-/g, '')
      .slice(0, 10)
      .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);
    const account = await createAccount(admin, 'Suche');
    const sought = await activatedUser(api, admin, 'Suche', {
      role: 'manager',
      accountId: account.id,
      firstName: `Lukas${tag}`,
      lastName: `Hartmann${tag}`,
      email: `lukas.hartmann.${tag}@example.com`,
    });
    for (const q of [
      `hartmann${tag}`,
      `LUKAS${tag.toUpperCase()} H`,
      `Hartmann${tag}, Lukas${tag}`,
      `${sought.email.split('@')[0]}@EXAMPLE`,
    ]) {
      const found = await listUsers(admin, { q });
      expect(names(found), q).toEqual([sought.name]);
      expect(found.items[0]).toMatchObject({
        email: sought.email,
        role: 'manager',
        accountName: account.name,
        status: 'active',
      });
    }
    expect((await listUsers(admin, { q: '%' })).total).toBe(0);
  });

  test('sorting and paging', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    // The demo distributors, among whatever other tests add (the database's collation orders those).
    const demoDistributors = [
      'vertrieb@example.com',
      'katrin.schulze@example.com',
      'michael.brandt@example.com',
      'petra.lange@example.com',
    ];
    const ofDemo = (list: UserList) => list.items.filter((item) => demoDistributors.includes(item.email));
    const byName = await listUsers(admin, { role: 'distributor', sort: 'lastName', perPage: 100 });
    expect(ofDemo(byName).map((item) => item.lastName)).toEqual(['Brandt', 'Lange', 'Schulze', 'Vogt']);
    const byEmailDesc = await listUsers(admin, { role: 'distributor', sort: 'email', order: 'desc', perPage: 100 });
    expect(ofDemo(byEmailDesc).map((item) => item.email)).toEqual([
      'vertrieb@example.com',
      'petra.lange@example.com',
      'michael.brandt@example.com',
      'katrin.schulze@example.com',
    ]);

    // Users who never signed in come last, ascending and descending alike.
    for (const order of ['asc', 'desc'] as const) {
      const list = await listUsers(admin, { role: 'backoffice', sort: 'lastLoginAt', order, perPage: 100 });
      const times = list.items.map((item) => item.lastLoginAt);
      const firstNull = times.indexOf(null);
      expect(firstNull, order).toBeGreaterThan(0);
      expect(times.slice(firstNull).every((time) => time === null)).toBe(true);
      const signedIn = times.slice(0, firstNull) as string[];
      const sorted = [...signedIn].sort();
      expect(signedIn).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }

    const page1 = await listUsers(admin, { sort: 'createdAt', perPage: 5, page: 1 });
    const page2 = await listUsers(admin, { sort: 'createdAt', perPage: 5, page: 2 });
    expect(page1).toMatchObject({ page: 1, perPage: 5 });
    expect(page1.items).toHaveLength(5);
    expect(page1.total).toBeGreaterThanOrEqual(20);
    expect(page2.items.map((item) => item.id)).not.toContain(page1.items[0]!.id);

    const byRole = await listUsers(admin, { sort: 'role', perPage: 100, q: '@example.com' });
    const roles = byRole.items.map((item) => item.role);
    expect(roles).toEqual([...roles].sort());
    const byStatus = await listUsers(admin, { sort: 'status', order: 'desc', perPage: 100, q: '@example.com' });
    const statuses = byStatus.items.map((item) => item.status);
    expect(statuses).toEqual([...statuses].sort().reverse());
  });

  test('list query: unknown sort, perPage over 100, unknown filter values and parameters', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    await expectInvalid(await admin.get(`${USERS}?sort=password`), 'sort');
    await expectInvalid(await admin.get(`${USERS}?perPage=101`), 'perPage');
    await expectInvalid(await admin.get(`${USERS}?role=owner`), 'role');
    await expectInvalid(await admin.get(`${USERS}?status=deleted`), 'status');
    await expectInvalid(await admin.get(`${USERS}?accountId=nope`), 'accountId');
    await expectApiError(await admin.get(`${USERS}?foo=1`), 422, 'validation_failed');
    await expectInvalid(await admin.get(`${USERS_CSV}?sort=password`), 'sort');
    await expectApiError(await admin.get(`${USERS_CSV}?page=2`), 422, 'validation_failed');
  });

  test('the record never carries a password hash', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const manager = await userByEmail(admin, 'manager@example.com');
    const text = await (await admin.get(userPath(manager.id))).text();
    expect(text).not.toMatch(/password|argon2/i);
    const list = await (await admin.get(`${USERS}?q=manager%40example.com`)).text();
    expect(list).not.toMatch(/password|argon2/i);
  });
});

// -------------------------------------------------------------------------------------------------
// 6. CSV export
// -------------------------------------------------------------------------------------------------

test.describe('CSV export', () => {
  test('German Excel format with German labels', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const mueller = await accountByName(admin, MUELLER);
    const marker = `Export${Date.now().toString(36)}`;
    await inviteUser(admin, 'x', { lastName: `${marker} Berta`, firstName: 'Anna', accountId: mueller.id });
    await inviteUser(admin, 'x', { lastName: `${marker} Anton`, firstName: '=HYPERLINK("x")', role: 'distributor' });

    const response = await admin.get(`${USERS_CSV}?q=${encodeURIComponent(marker)}&sort=lastName`);
    const { raw, rows } = await readCsv(response);
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers()['content-disposition']).toMatch(
      /^attachment; filename="benutzer-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(rows[0]).toEqual([
      'Nachname',
      'Vorname',
      'E-Mail',
      'Rolle',
      'Konto',
      'Status',
      'Letzte Anmeldung',
      'Angelegt am',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      `${marker} Anton`,
      `"'=HYPERLINK(""x"")"`,
      expect.stringMatching(/@example\.com$/),
      'Vertrieb',
      '',
      'Eingeladen',
      '',
      expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
    ]);
    expect(rows[2]).toEqual([
      `${marker} Berta`,
      'Anna',
      expect.stringMatching(/@example\.com$/),
      'Manager',
      MUELLER,
      'Eingeladen',
      '',
      expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
    ]);

    const labels = await readCsv(await admin.get(`${USERS_CSV}?q=${encodeURIComponent('@example.com')}&sort=role`));
    const roleLabels = new Set(labels.rows.slice(1).map((row) => row[3]));
    expect([...roleLabels]).toEqual(expect.arrayContaining(['Administrator', 'Innendienst', 'Vertrieb', 'Manager']));
    const statusLabels = new Set(labels.rows.slice(1).map((row) => row[5]));
    expect([...statusLabels]).toEqual(expect.arrayContaining(['Aktiv', 'Eingeladen', 'Gesperrt', 'Deaktiviert']));
    const martin = labels.rows.find((row) => row[2] === 'manager@example.com')!;
    expect(martin[6]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });

  test('exports hold only the users in reach', async ({ api }) => {
    const distributor = await openSession(api, 'distributor');
    const manager = await openSession(api, 'manager');

    const ofDistributor = (await readCsv(await distributor.get(USERS_CSV))).rows.slice(1);
    expect(ofDistributor.every((row) => row[3] === 'Manager')).toBe(true);
    const distributorEmails = ofDistributor.map((row) => row[2]);
    expect(distributorEmails).toEqual(
      expect.arrayContaining(['manager@example.com', 'lukas.hartmann@example.com', 'jana.hansen@example.com']),
    );
    for (const foreign of ['claudia.schmitz@example.com', 'vertrieb@example.com', 'admin@example.com']) {
      expect(distributorEmails).not.toContain(foreign);
    }

    const managerEmails = (await readCsv(await manager.get(USERS_CSV))).rows.slice(1).map((row) => row[2]);
    expect(managerEmails).toEqual(expect.arrayContaining(['manager@example.com', 'lukas.hartmann@example.com']));
    for (const foreign of ['jana.hansen@example.com', 'claudia.schmitz@example.com', 'vertrieb@example.com']) {
      expect(managerEmails).not.toContain(foreign);
    }
  });
});

test('the OpenAPI document describes the users API', async ({ api }) => {
  const document = (await (await api.get('/api/v1/openapi.json/')).json()) as {
    paths: Record<string, Record<string, { description?: string }>>;
  };
  for (const [path, method] of [
    ['/users', 'get'],
    ['/users', 'post'],
    ['/users/{id}', 'get'],
    ['/users/{id}', 'patch'],
    ['/users/{id}/lock', 'post'],
    ['/users/{id}/unlock', 'post'],
    ['/users/{id}/deactivate', 'post'],
    ['/users/{id}/resend-invitation', 'post'],
    ['/export/users.csv', 'get'],
  ] as const) {
    expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  }
  expect(document.paths['/users']?.post?.description).toContain('users.write');
});
