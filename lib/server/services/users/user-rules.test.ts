/** @jest-environment node */
import { ApiError } from '@/lib/server/http/api-error';
import {
  assertInvitable,
  assertLockable,
  assertMayAssignRole,
  assertMayWriteUser,
  assertNotSelf,
  assignableRoles,
  checkRoleAccount,
  needsRoleGrant,
  unlockedStatus,
} from './user-rules';

/** The API error a rule throws, as `status code` plus the detail paths. */
function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const paths = error.details?.map((detail) => detail.path).join(',');
    return `${error.statusCode} ${error.code}${paths ? ` ${paths}` : ''}`;
  }
}

describe('assignableRoles / assertMayAssignRole', () => {
  it('admin gives every role, back office all but admin, a distributor managers, a manager none', () => {
    expect(assignableRoles({ role: 'admin' })).toEqual(['admin', 'backoffice', 'distributor', 'manager']);
    expect(assignableRoles({ role: 'backoffice' })).toEqual(['backoffice', 'distributor', 'manager']);
    expect(assignableRoles({ role: 'distributor' })).toEqual(['manager']);
    expect(assignableRoles({ role: 'manager' })).toEqual([]);
  });

  it('refuses with 403', () => {
    expect(refusal(() => assertMayAssignRole({ role: 'backoffice' }, 'admin'))).toBe('403 forbidden');
    expect(refusal(() => assertMayAssignRole({ role: 'distributor' }, 'distributor'))).toBe('403 forbidden');
    expect(refusal(() => assertMayAssignRole({ role: 'manager' }, 'manager'))).toBe('403 forbidden');
    expect(refusal(() => assertMayAssignRole({ role: 'distributor' }, 'manager'))).toBeNull();
  });
});

describe('assertMayWriteUser', () => {
  it('back office may not change admins; managers change nobody', () => {
    expect(refusal(() => assertMayWriteUser({ role: 'backoffice' }, { role: 'admin' }))).toBe('403 forbidden');
    expect(refusal(() => assertMayWriteUser({ role: 'backoffice' }, { role: 'backoffice' }))).toBeNull();
    expect(refusal(() => assertMayWriteUser({ role: 'admin' }, { role: 'admin' }))).toBeNull();
    expect(refusal(() => assertMayWriteUser({ role: 'distributor' }, { role: 'manager' }))).toBeNull();
    expect(refusal(() => assertMayWriteUser({ role: 'manager' }, { role: 'manager' }))).toBe('403 forbidden');
  });
});

describe('assertNotSelf', () => {
  it('refuses an action on oneself with 403', () => {
    expect(refusal(() => assertNotSelf({ id: 'a', role: 'admin' }, { id: 'a' }, 'sperren'))).toBe('403 forbidden');
    expect(refusal(() => assertNotSelf({ id: 'a', role: 'admin' }, { id: 'b' }, 'sperren'))).toBeNull();
  });
});

describe('checkRoleAccount', () => {
  it('managers need an account, the other roles have none', () => {
    expect(refusal(() => checkRoleAccount('manager', null))).toBe('422 validation_failed accountId');
    expect(refusal(() => checkRoleAccount('backoffice', 'some-account'))).toBe('422 validation_failed accountId');
    expect(refusal(() => checkRoleAccount('manager', 'some-account'))).toBeNull();
    expect(refusal(() => checkRoleAccount('distributor', null))).toBeNull();
  });
});

describe('needsRoleGrant', () => {
  it('granting admin or back office needs four eyes, keeping or other roles not', () => {
    expect(needsRoleGrant(null, 'admin')).toBe(true);
    expect(needsRoleGrant(null, 'backoffice')).toBe(true);
    expect(needsRoleGrant('manager', 'backoffice')).toBe(true);
    expect(needsRoleGrant('backoffice', 'admin')).toBe(true);
    expect(needsRoleGrant('admin', 'admin')).toBe(false);
    expect(needsRoleGrant('admin', 'manager')).toBe(false);
    expect(needsRoleGrant(null, 'distributor')).toBe(false);
  });
});

describe('status transitions', () => {
  it('lock: from active or invited', () => {
    expect(refusal(() => assertLockable({ status: 'active' }))).toBeNull();
    expect(refusal(() => assertLockable({ status: 'invited' }))).toBeNull();
    expect(refusal(() => assertLockable({ status: 'locked' }))).toBe('422 validation_failed status');
    expect(refusal(() => assertLockable({ status: 'deactivated' }))).toBe('422 validation_failed status');
  });

  it('unlock: a locked user back to active with a password, else to invited', () => {
    expect(unlockedStatus({ status: 'locked', passwordHash: '$argon2id$…' })).toBe('active');
    expect(unlockedStatus({ status: 'locked', passwordHash: null })).toBe('invited');
    expect(refusal(() => unlockedStatus({ status: 'active', passwordHash: 'x' }))).toBe('422 validation_failed status');
    expect(refusal(() => unlockedStatus({ status: 'deactivated', passwordHash: 'x' }))).toBe(
      '422 validation_failed status',
    );
  });

  it('resend-invitation: invited users whose role is not waiting for approval', () => {
    expect(refusal(() => assertInvitable({ status: 'invited' }, false))).toBeNull();
    expect(refusal(() => assertInvitable({ status: 'invited' }, true))).toBe('422 validation_failed role');
    expect(refusal(() => assertInvitable({ status: 'active' }, false))).toBe('422 validation_failed status');
  });
});
