import { expect, test } from '../fixtures/api';
import { expectApiError, expectJson, openSession, type ApiSession } from '../fixtures/accounts';
import { approvalPath, decide, getApproval } from '../fixtures/approvals';
import { STEP_UP, enrolTotp, freshCode, passwordSession, staffUser } from '../fixtures/mfa';
import { activeUser, inviteUser, userPath } from '../fixtures/users';

/**
 * Issue 44: four eyes over a factor reset and an erasure. The person concerned decides neither
 * way (a hijacked session must not block the reset meant to end it), an administrator's is
 * decided by an administrator only, and deciding one needs the decider's step-up, as a staff
 * role grant does.
 */

test.describe.configure({ timeout: 120_000 });

const file = async (admin: ApiSession, userId: string, kind: 'mfa-reset' | 'erasure') =>
  (await expectJson<{ id: string }>(await admin.post(userPath(userId, kind), { reason: 'Vier-Augen-Probe' }), 201)).id;

test.describe('four eyes over a person', () => {
  test('the person concerned can neither approve nor reject their own reset or erasure', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    const staff = await staffUser(api, admin, backoffice, 'Selbst Entscheid');
    const session = await passwordSession(api, staff);
    // Enrolment is a fresh check: the step-up is not what refuses below.
    await enrolTotp(session);

    for (const kind of ['mfa-reset', 'erasure'] as const) {
      const id = await file(admin, staff.user.id, kind);
      await expectApiError(await session.post(approvalPath(id, 'reject'), { comment: 'nein' }), 403, 'four_eyes');
      await expectApiError(await session.post(approvalPath(id, 'approve'), { comment: '' }), 403, 'four_eyes');
      expect((await getApproval(admin, id)).status).toBe('pending');
      await decide(admin, id, 'withdraw');
    }
  });

  test('deciding a reset or an erasure needs the decider’s step-up', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    const staff = await staffUser(api, admin, backoffice, 'Entscheid Stufe');
    // Opened before the factor exists: no second-factor check yet.
    const decider = await passwordSession(api, staff);
    const totp = await enrolTotp(await passwordSession(api, staff));
    const person = await activeUser(api, admin, 'Entscheid Person');
    await enrolTotp(person.session);

    const reset = await file(admin, person.user.id, 'mfa-reset');
    for (const action of ['approve', 'reject'] as const) {
      const refused = await expectApiError(
        await decider.post(approvalPath(reset, action), { comment: 'geprüft' }),
        403,
        'step_up_required',
      );
      expect((refused.details?.[0] as { code?: string } | undefined)?.code).toBe('mfaStepUpRequired');
    }
    expect((await getApproval(admin, reset)).status).toBe('pending');
    const erasure = await file(admin, (await activeUser(api, admin, 'Entscheid Löschung')).user.id, 'erasure');
    await expectApiError(
      await decider.post(approvalPath(erasure, 'reject'), { comment: 'nein' }),
      403,
      'step_up_required',
    );

    const stepped = await decider.post(STEP_UP, { code: await freshCode(totp.secret, totp.used) });
    expect(stepped.status(), await stepped.text()).toBe(204);
    expect(
      (await expectJson<{ status: string }>(await decider.post(approvalPath(reset, 'approve'), { comment: '' }), 200))
        .status,
    ).toBe('approved');
    expect(
      (
        await expectJson<{ status: string }>(
          await decider.post(approvalPath(erasure, 'reject'), { comment: 'nein' }),
          200,
        )
      ).status,
    ).toBe('rejected');
  });

  test('back office decides neither way on the erasure of an administrator', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    // An invited administrator holds the role already; the grant waits for its approval.
    const invited = await inviteUser(admin, 'Admin Löschung', { role: 'admin' });
    const id = await file(admin, invited.id, 'erasure');
    for (const action of ['approve', 'reject'] as const) {
      await expectApiError(await backoffice.post(approvalPath(id, action), { comment: 'nein' }), 403, 'forbidden');
    }
    expect((await getApproval(admin, id)).status).toBe('pending');
    await decide(admin, id, 'withdraw');
    await decide(admin, invited.pendingApprovals[0]!.id, 'withdraw');
  });

  test('back office decides neither way on the factor reset of an administrator', async ({ api }) => {
    const ownerUrl = process.env.E2E_DATABASE_OWNER_URL;
    test.skip(!ownerUrl, 'runs when the suite runs on PostgreSQL (E2E_DATABASE_OWNER_URL, see .ci/run)');
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    const staff = await staffUser(api, admin, backoffice, 'Admin Zurücksetzen');
    await enrolTotp(await passwordSession(api, staff));
    // A second administrator with a factor: only the database makes one without a second admin to approve it.
    const { default: postgres } = await import('postgres');
    const sql = postgres(ownerUrl!, { max: 1, onnotice: () => {} });
    try {
      await sql`UPDATE users SET role = 'admin' WHERE id = ${staff.user.id}`;
    } finally {
      await sql.end();
    }
    const id = await file(admin, staff.user.id, 'mfa-reset');
    for (const action of ['approve', 'reject'] as const) {
      await expectApiError(await backoffice.post(approvalPath(id, action), { comment: 'nein' }), 403, 'forbidden');
    }
    expect((await getApproval(admin, id)).status).toBe('pending');
    await decide(admin, id, 'withdraw');
  });
});
