/** @jest-environment node */
import { scopesOf } from './permissions';

describe('role scopes (SPEC §1)', () => {
  it('gives admin and back office every scope', () => {
    expect(scopesOf('admin')).toHaveLength(14);
    expect(scopesOf('backoffice')).toEqual(scopesOf('admin'));
  });

  it('lets distributors do everything but decide approvals', () => {
    expect(scopesOf('distributor')).not.toContain('approvals.decide');
    expect(scopesOf('distributor')).toEqual(expect.arrayContaining(['accounts.write', 'users.write']));
  });

  it('keeps managers from writing accounts and users and from deciding approvals', () => {
    const manager = scopesOf('manager');
    for (const scope of ['accounts.write', 'users.write', 'approvals.decide']) expect(manager).not.toContain(scope);
    expect(manager).toEqual(
      expect.arrayContaining(['accounts.read', 'users.read', 'documents.write', 'tasks.write', 'whitelist.write']),
    );
    expect(manager).toHaveLength(11);
  });
});

describe('whitelist.check (issue 48)', () => {
  it('goes with whitelist.read for every role', () => {
    for (const role of ['admin', 'backoffice', 'distributor', 'manager'] as const) {
      expect(scopesOf(role)).toEqual(expect.arrayContaining(['whitelist.read', 'whitelist.check']));
    }
  });
});
