import { expect, test } from '../fixtures/api';
import {
  accountByName,
  accountPath,
  createAccount,
  expectApiError,
  expectInvalid,
  expectJson,
  getAccount,
  openSession,
  type AccountRecord,
  type ApiSession,
} from '../fixtures/accounts';
import {
  APPROVALS_CSV,
  activeAccount,
  approvalPath,
  decide,
  draftWithActivationRequest,
  getApproval,
  listApprovals,
  listChanges,
  type ApprovalRecord,
} from '../fixtures/approvals';
import type { DemoRole } from '../fixtures/demo-users';
import { activationToken, inviteUser, outboxFor, userPath, type UserRecord } from '../fixtures/users';

/**
 * The approvals API over real HTTP (SPEC §4 four eyes, §1 approvals.read/.decide). Every test files
 * its own requests on accounts and users it creates, so it never decides the demo data's pending
 * approvals or one another's; the deciders are the demo admin and back-office sign-ins.
 */

const MUELLER = 'Müller Logistik GmbH'; // vertrieb@example.com's

async function sessions(api: Parameters<typeof openSession>[0]) {
  const [admin, backoffice, distributor, manager] = await Promise.all(
    (['admin', 'backoffice', 'distributor', 'manager'] as const).map((role) => openSession(api, role)),
  );
  return { admin: admin!, backoffice: backoffice!, distributor: distributor!, manager: manager! };
}

async function accountHistory(session: ApiSession, account: { id: string }) {
  return (await listChanges(session, { entityId: account.id, order: 'asc', perPage: 100 })).items;
}

test.describe('every kind end to end', () => {
  test('activation: a distributor requests, back office approves, the account is active with history', async ({
    api,
  }) => {
    const { backoffice, distributor } = await sessions(api);
    const { account, approvalId } = await draftWithActivationRequest(distributor, 'Aktivierung');

    const pending = await getApproval(distributor, approvalId);
    expect(pending).toMatchObject({
      kind: 'account_activation',
      status: 'pending',
      entityType: 'account',
      entityId: account.id,
      entityLabel: account.name,
      accountId: account.id,
      requestedBy: { id: distributor.userId },
      decidedBy: null,
      isCurrent: true,
      diff: [{ field: 'status', before: 'draft', after: 'active' }],
    });

    const approved = await decide(backoffice, approvalId, 'approve', 'Unterlagen vollständig.');
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: { id: backoffice.userId },
      comment: 'Unterlagen vollständig.',
      // Once decided, "before" is what the request saw, not the account as it is now.
      diff: [{ field: 'status', before: 'draft', after: 'active' }],
    });
    const after = await getAccount(distributor, account.id);
    expect(after).toMatchObject({ status: 'active', version: account.version + 1, pendingApprovals: [] });

    const history = await accountHistory(distributor, account);
    // Decision and application share one instant, so their relative order is not defined.
    expect(history.map((change) => `${change.entityType}:${change.action}`).sort()).toEqual([
      'account:create',
      'account:status_change',
      'approval:approve',
      'approval:create',
    ]);
    const find = (entityType: string, action: string) =>
      history.find((change) => change.entityType === entityType && change.action === action)!;
    const request = find('approval', 'create');
    const applied = find('account', 'status_change');
    const decision = find('approval', 'approve');
    expect(history.indexOf(request)).toBe(1);
    expect(request).toMatchObject({ approvalId, actor: { id: distributor.userId } });
    expect(applied).toMatchObject({
      approvalId,
      actor: { id: backoffice.userId },
      fields: [{ field: 'status', before: 'draft', after: 'active' }],
    });
    expect(decision.fields).toEqual([
      { field: 'status', before: 'pending', after: 'approved' },
      { field: 'comment', before: null, after: 'Unterlagen vollständig.' },
    ]);
    // Decision and application are one transaction: the same instant.
    expect(applied.at).toBe(decision.at);
  });

  test('archive: the account and its sub-accounts become archived', async ({ api }) => {
    const { admin, backoffice } = await sessions(api);
    const account = await activeAccount(backoffice, admin, 'Archiv');
    const child = await createAccount(backoffice, 'Archiv Filiale', { parentId: account.id });
    const ref = await expectJson<{ id: string }>(
      await backoffice.post(accountPath(account.id, 'archive'), { reason: 'Gekündigt.' }),
      201,
    );
    expect((await getApproval(admin, ref.id)).diff).toEqual([{ field: 'status', before: 'active', after: 'archived' }]);
    expect((await decide(admin, ref.id, 'approve')).status).toBe('approved');
    expect((await getAccount(admin, account.id)).status).toBe('archived');
    expect((await getAccount(admin, child.id)).status).toBe('archived');
    const childHistory = await accountHistory(admin, child);
    expect(childHistory.find((change) => change.action === 'status_change')).toMatchObject({
      approvalId: ref.id,
      fields: [{ field: 'status', before: 'draft', after: 'archived' }],
    });
  });

  test('benefit change on an active account: applied only on approval', async ({ api }) => {
    const { admin, backoffice } = await sessions(api);
    const account = await activeAccount(admin, backoffice, 'Leistungen');
    const benefits = [{ code: 'sachbezug', amountCents: 5000, unit: 'month' }];
    const patched = await expectJson<{ account: AccountRecord; approval: { id: string } }>(
      await admin.patch(accountPath(account.id), { benefits }, { 'if-match': `W/"${account.version}"` }),
      200,
    );
    expect(patched.account.benefits).toEqual([]);
    const approval = await getApproval(backoffice, patched.approval.id);
    expect(approval).toMatchObject({
      kind: 'benefit_change',
      diff: [{ field: 'benefits', before: [], after: benefits }],
    });

    await decide(backoffice, approval.id, 'approve');
    const after = await getAccount(admin, account.id);
    expect(after.benefits).toEqual(benefits);
    const history = await accountHistory(admin, account);
    expect(history.find((change) => change.entityType === 'account' && change.action === 'update')).toMatchObject({
      approvalId: approval.id,
      fields: [{ field: 'benefits', before: [], after: benefits }],
    });
  });

  test('role grant: the held invitation mail goes out when the grant is approved', async ({ api }) => {
    const { admin, backoffice } = await sessions(api);
    const invited = await inviteUser(admin, 'Rollenvergabe', { role: 'backoffice' });
    const grant = invited.pendingApprovals[0]!;
    expect(grant.kind).toBe('role_grant');
    expect(await outboxFor(admin, invited.email)).toEqual([]);

    const approval = await getApproval(backoffice, grant.id);
    expect(approval).toMatchObject({ entityType: 'user', entityId: invited.id, isCurrent: true });
    expect(approval.diff).toEqual([{ field: 'role', before: null, after: 'backoffice' }]);

    expect((await decide(backoffice, grant.id, 'approve')).status).toBe('approved');
    const [mail, ...older] = await outboxFor(admin, invited.email);
    expect(older).toEqual([]);
    expect(mail).toMatchObject({ to: invited.email, template: 'activation' });
    expect(activationToken(mail!)).not.toBeNull();
    const user = await expectJson<UserRecord>(await admin.get(userPath(invited.id)), 200);
    expect(user).toMatchObject({ role: 'backoffice', status: 'invited', pendingApprovals: [] });
  });

  test('role grant on an existing user: the role changes on approval', async ({ api }) => {
    const { admin, backoffice } = await sessions(api);
    const user = await inviteUser(admin, 'Befoerderung', { role: 'distributor' });
    const result = await expectJson<{ approval: { id: string } }>(
      await backoffice.patch(userPath(user.id), { role: 'backoffice' }, { 'if-match': `W/"${user.version}"` }),
      200,
    );
    expect((await getApproval(admin, result.approval.id)).diff).toEqual([
      { field: 'role', before: 'distributor', after: 'backoffice' },
    ]);
    await decide(admin, result.approval.id, 'approve');
    expect(await expectJson<UserRecord>(await admin.get(userPath(user.id)), 200)).toMatchObject({ role: 'backoffice' });
  });

  test('back office cannot grant administrator, not even by approving', async ({ api }) => {
    const { admin, backoffice } = await sessions(api);
    const invited = await inviteUser(admin, 'Adminvergabe', { role: 'admin' });
    const grantId = invited.pendingApprovals[0]!.id;
    await expectApiError(await backoffice.post(approvalPath(grantId, 'approve'), { comment: '' }), 403, 'forbidden');
    expect((await getApproval(admin, grantId)).status).toBe('pending');
    expect(await outboxFor(admin, invited.email)).toEqual([]);
    await decide(admin, grantId, 'withdraw');
  });
});

test.describe('four eyes', () => {
  const CASES: ReadonlyArray<[DemoRole, number, string]> = [
    ['admin', 403, 'four_eyes'],
    ['backoffice', 403, 'four_eyes'],
    // Without approvals.decide the scope already refuses, before anyone looks at the request.
    ['distributor', 403, 'forbidden'],
  ];
  for (const [role, status, code] of CASES) {
    test(`${role} cannot decide their own request`, async ({ api }) => {
      const requester = await openSession(api, role);
      const { account, approvalId } = await draftWithActivationRequest(requester, `Vier Augen ${role}`);
      for (const action of ['approve', 'reject'] as const) {
        await expectApiError(
          await requester.post(approvalPath(approvalId, action), { comment: 'selbst' }),
          status,
          code,
        );
      }
      expect((await getApproval(requester, approvalId)).status).toBe('pending');
      expect((await getAccount(requester, account.id)).status).toBe('draft');
      await decide(requester, approvalId, 'withdraw');
    });
  }

  test('a manager decides nothing', async ({ api }) => {
    const { distributor, manager } = await sessions(api);
    const { approvalId } = await draftWithActivationRequest(distributor, 'Vier Augen Manager');
    for (const action of ['approve', 'reject'] as const) {
      await expectApiError(await manager.post(approvalPath(approvalId, action), { comment: 'x' }), 403, 'forbidden');
    }
    await decide(distributor, approvalId, 'withdraw');
  });
});

test.describe('decisions', () => {
  test('obsolete: the entity changed after the request, nothing is applied', async ({ api }) => {
    const { admin, backoffice } = await sessions(api);
    const { account, approvalId } = await draftWithActivationRequest(backoffice, 'Veraltet');
    await expectJson(
      await backoffice.patch(accountPath(account.id), { city: 'Hamburg' }, { 'if-match': `W/"${account.version}"` }),
      200,
    );
    expect((await getApproval(admin, approvalId)).isCurrent).toBe(false);
    const decided = await decide(admin, approvalId, 'approve');
    expect(decided).toMatchObject({ status: 'obsolete', decidedBy: { id: admin.userId } });
    expect(await getAccount(admin, account.id)).toMatchObject({ status: 'draft', version: account.version + 1 });
    const history = await accountHistory(admin, account);
    expect(
      history.find((change) => change.entityType === 'approval' && change.action === 'status_change'),
    ).toMatchObject({
      fields: [
        { field: 'status', before: 'pending', after: 'obsolete' },
        { field: 'comment', before: null, after: 'approve by test' },
      ],
    });
    expect(history.some((change) => change.entityType === 'account' && change.action === 'status_change')).toBe(false);
    // The way is free for a new request.
    await expectJson(await backoffice.post(accountPath(account.id, 'activation'), { reason: '' }), 201);
  });

  test('two deciders at once: exactly one decision, applied once', async ({ api }) => {
    const { admin, backoffice, distributor } = await sessions(api);
    const { account, approvalId } = await draftWithActivationRequest(distributor, 'Parallel');
    const answers = await Promise.all([
      admin.post(approvalPath(approvalId, 'approve'), { comment: 'admin' }),
      backoffice.post(approvalPath(approvalId, 'approve'), { comment: 'backoffice' }),
      admin.post(approvalPath(approvalId, 'reject'), { comment: 'admin lehnt ab' }),
      backoffice.post(approvalPath(approvalId, 'reject'), { comment: 'backoffice lehnt ab' }),
    ]);
    const statuses = answers.map((answer) => answer.status()).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const conflict = answers.find((answer) => answer.status() === 409)!;
    const body = await expectApiError(conflict, 409, 'conflict');
    expect((body.current as unknown as ApprovalRecord).status).not.toBe('pending');

    const final = await getApproval(admin, approvalId);
    const history = await accountHistory(admin, account);
    const decisions = history.filter((change) => change.entityType === 'approval' && change.action !== 'create');
    expect(decisions).toHaveLength(1);
    const current = await getAccount(admin, account.id);
    if (final.status === 'approved') expect(current).toMatchObject({ status: 'active', version: account.version + 1 });
    else expect(current).toMatchObject({ status: 'draft', version: account.version });
  });

  test('reject needs a comment; the entity stays; a new request may follow', async ({ api }) => {
    const { admin, distributor } = await sessions(api);
    const { account, approvalId } = await draftWithActivationRequest(distributor, 'Ablehnung');
    await expectInvalid(await admin.post(approvalPath(approvalId, 'reject'), { comment: '  ' }), 'comment');
    await expectInvalid(await admin.post(approvalPath(approvalId, 'reject'), {}), 'comment');
    const rejected = await decide(admin, approvalId, 'reject', 'Mitarbeiterliste fehlt.');
    expect(rejected).toMatchObject({ status: 'rejected', comment: 'Mitarbeiterliste fehlt.' });
    expect((await getAccount(distributor, account.id)).status).toBe('draft');
    await expectApiError(await admin.post(approvalPath(approvalId, 'approve'), {}), 409, 'conflict');
    await expectJson(await distributor.post(accountPath(account.id, 'activation'), { reason: '' }), 201);
  });

  test('withdraw: only the requester, only while pending', async ({ api }) => {
    const { admin, distributor } = await sessions(api);
    const { approvalId } = await draftWithActivationRequest(distributor, 'Rueckzug');
    await expectApiError(await admin.post(approvalPath(approvalId, 'withdraw'), {}), 403, 'forbidden');
    const withdrawn = await decide(distributor, approvalId, 'withdraw', '');
    expect(withdrawn).toMatchObject({ status: 'withdrawn', decidedBy: { id: distributor.userId } });
    await expectApiError(await distributor.post(approvalPath(approvalId, 'withdraw'), {}), 409, 'conflict');
    await expectApiError(await admin.post(approvalPath(approvalId, 'approve'), {}), 409, 'conflict');
  });

  test('hostile comments are refused with the field named; unknown fields too', async ({ api }) => {
    const { admin, distributor } = await sessions(api);
    const { approvalId } = await draftWithActivationRequest(distributor, 'Kommentar');
    await expectInvalid(await admin.post(approvalPath(approvalId, 'approve'), { comment: 'a\u0000b' }), 'comment');
    await expectInvalid(await admin.post(approvalPath(approvalId, 'approve'), { comment: '\u202Egnp.exe' }), 'comment');
    await expectInvalid(
      await admin.post(approvalPath(approvalId, 'approve'), { comment: 'x'.repeat(2001) }),
      'comment',
    );
    await expectApiError(
      await admin.post(approvalPath(approvalId, 'approve'), { comment: '', status: 'x' }),
      422,
      'validation_failed',
    );
    expect((await getApproval(admin, approvalId)).status).toBe('pending');
    await decide(distributor, approvalId, 'withdraw');
  });
});

test.describe('reach', () => {
  /**
   * own = a request the role filed, foreign = one by someone else outside the role's reach
   * (admin and back office read all). A manager cannot file requests, so has no "own".
   */
  // prettier-ignore
  const MATRIX: ReadonlyArray<readonly [DemoRole, 'own' | 'foreign', number]> = [
    ['admin',       'own',     200],
    ['admin',       'foreign', 200],
    ['backoffice',  'own',     200],
    ['backoffice',  'foreign', 200],
    ['distributor', 'own',     200],
    ['distributor', 'foreign', 404],
    ['manager',     'foreign', 404],
  ];
  for (const [role, reach, status] of MATRIX) {
    test(`${role} × ${reach} request`, async ({ api }) => {
      const all = await sessions(api);
      const session = all[role];
      // "foreign" requests come from another requester: back office for the distributor and manager, the distributor for staff.
      const requester =
        reach === 'own' ? session : role === 'admin' || role === 'backoffice' ? all.distributor : all.backoffice;
      const { approvalId } = await draftWithActivationRequest(requester, `Reichweite ${role} ${reach}`);
      const answer = await session.get(approvalPath(approvalId));
      expect(answer.status()).toBe(status);
      if (status === 404) await expectApiError(answer, 404, 'not_found');
      const listed = await listApprovals(session, { status: 'all', perPage: 100, sort: 'requestedAt', order: 'desc' });
      expect(listed.items.some((item) => item.id === approvalId)).toBe(status === 200);
      if (role === 'distributor' || role === 'manager') {
        expect(listed.items.every((item) => item.requestedBy.id === session.userId)).toBe(true);
      }
      if (status === 404) {
        // Nor may they act on someone else's request.
        await expectApiError(await session.post(approvalPath(approvalId, 'withdraw'), {}), 404, 'not_found');
      }
      await decide(requester, approvalId, 'withdraw');
    });
  }
});

test.describe('list', () => {
  test('default filter is pending; status, kind, mine, accountId, q and sort filter it', async ({ api }) => {
    const { admin, backoffice, distributor } = await sessions(api);
    const first = await draftWithActivationRequest(distributor, 'Liste Eins');
    const second = await draftWithActivationRequest(backoffice, 'Liste Zwei');
    await decide(admin, second.approvalId, 'reject', 'Test');

    const pending = await listApprovals(admin, { perPage: 100, sort: 'requestedAt', order: 'desc' });
    expect(pending.items.every((item) => item.status === 'pending')).toBe(true);
    expect(pending.items.some((item) => item.id === first.approvalId)).toBe(true);
    expect(pending.items.some((item) => item.id === second.approvalId)).toBe(false);

    const byAccount = await listApprovals(admin, { status: 'all', accountId: second.account.id });
    expect(byAccount.items.map((item) => item.id)).toEqual([second.approvalId]);
    expect(byAccount.total).toBe(1);
    const rejected = await listApprovals(admin, { status: 'rejected', q: second.account.name });
    expect(rejected.items.map((item) => item.id)).toEqual([second.approvalId]);
    const mine = await listApprovals(backoffice, { status: 'all', mine: true, perPage: 100 });
    expect(mine.items.every((item) => item.requestedBy.id === backoffice.userId)).toBe(true);
    const others = await listApprovals(backoffice, { mine: false, perPage: 100 });
    expect(others.items.every((item) => item.requestedBy.id !== backoffice.userId)).toBe(true);
    const byKind = await listApprovals(admin, { status: 'all', kind: 'role_grant', perPage: 100 });
    expect(byKind.items.every((item) => item.kind === 'role_grant')).toBe(true);
    const byRequester = await listApprovals(admin, { status: 'all', requestedBy: distributor.userId, perPage: 100 });
    expect(byRequester.items.every((item) => item.requestedBy.id === distributor.userId)).toBe(true);

    const sorted = await listApprovals(admin, { status: 'all', sort: 'entityLabel', order: 'asc', perPage: 100 });
    const labels = sorted.items.map((item) => item.entityLabel);
    expect(labels).toEqual([...labels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await expectApiError(await admin.get('/api/v1/approvals/?sort=payload'), 422, 'validation_failed');
    await expectApiError(await admin.get('/api/v1/approvals/?status=open'), 422, 'validation_failed');
    await decide(distributor, first.approvalId, 'withdraw');
  });

  test('the demo data has pending requests for the deciders', async ({ api }) => {
    const { backoffice } = await sessions(api);
    const mueller = await accountByName(backoffice, MUELLER);
    expect(mueller).toBeTruthy();
    const waiting = await listApprovals(backoffice, { mine: false });
    expect(waiting.total).toBeGreaterThan(0);
  });

  test('CSV export: the filtered list in reach', async ({ api }) => {
    const { admin, distributor } = await sessions(api);
    const { account, approvalId } = await draftWithActivationRequest(distributor, 'Export');
    const answer = await distributor.get(`${APPROVALS_CSV}?status=all&q=${encodeURIComponent(account.name)}`);
    const raw = await answer.body();
    expect(answer.status(), raw.toString('utf8').slice(0, 300)).toBe(200);
    expect(answer.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers()['content-disposition']).toMatch(
      /^attachment; filename="freigaben-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = raw
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'Art;Objekt;Status;Begründung;Angefragt von;Angefragt am;Entschieden von;Entschieden am;Kommentar',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Kontoaktivierung;${account.name};Offen;`);
    expect(raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    await expectApiError(await distributor.get(`${APPROVALS_CSV}?page=2`), 422, 'validation_failed');
    await decide(distributor, approvalId, 'withdraw');
    void admin;
  });
});
