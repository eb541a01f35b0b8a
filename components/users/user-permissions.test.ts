/** @jest-environment node */
import { needsApproval } from '@/lib/schemas/roles';
import { canManageUser, grantableRoles } from './user-permissions';

const actor = (
  role: 'admin' | 'backoffice' | 'distributor' | 'manager',
  scope: string[] = ['users.read', 'users.write'],
) => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  role,
  scope,
});
const target = (role: 'admin' | 'backoffice' | 'distributor' | 'manager') => ({
  id: 'b0000000-0000-4000-8000-000000000002',
  role,
});

describe('user permissions', () => {
  it('offers the roles each role may grant', () => {
    expect(grantableRoles(actor('admin'))).toEqual(['admin', 'backoffice', 'distributor', 'manager']);
    expect(grantableRoles(actor('backoffice'))).toEqual(['backoffice', 'distributor', 'manager']);
    expect(grantableRoles(actor('distributor'))).toEqual(['manager']);
    expect(grantableRoles(actor('manager', ['users.read']))).toEqual([]);
  });

  it('offers nothing without users.write, whatever the role', () => {
    expect(grantableRoles(actor('admin', ['users.read']))).toEqual([]);
    expect(grantableRoles({ role: 'admin', scope: { 'users.write': true } })).toHaveLength(4);
  });

  it('marks admin and back office grants as approval requests', () => {
    expect(needsApproval('admin')).toBe(true);
    expect(needsApproval('backoffice')).toBe(true);
    expect(needsApproval('distributor')).toBe(false);
    expect(needsApproval('manager')).toBe(false);
    expect(needsApproval('')).toBe(false);
  });

  it('lets nobody manage themselves, back office no admins, a distributor only managers', () => {
    const admin = actor('admin');
    expect(canManageUser(admin, { id: admin.id, role: 'admin' })).toBe(false);
    expect(canManageUser(admin, target('admin'))).toBe(true);
    expect(canManageUser(actor('backoffice'), target('admin'))).toBe(false);
    expect(canManageUser(actor('backoffice'), target('backoffice'))).toBe(true);
    expect(canManageUser(actor('distributor'), target('manager'))).toBe(true);
    expect(canManageUser(actor('distributor'), target('distributor'))).toBe(false);
    expect(canManageUser(actor('manager', ['users.read']), target('manager'))).toBe(false);
  });
});
