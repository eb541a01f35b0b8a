/** @jest-environment node */
import { decideGuard } from './guard-decision';
import { matchRoute, type RouteRule } from './route-table';

const admin = { scope: ['accounts.read', 'accounts.write'] };
const manager = { scope: { 'accounts.read': true } };

describe('decideGuard', () => {
  const accounts: RouteRule = { pattern: '/accounts/', guard: 'auth', scope: 'accounts.read' };
  const newAccount: RouteRule = { pattern: '/accounts/neu/', guard: 'auth', scope: 'accounts.write' };

  it('sends a signed-out visitor to the login with the requested path', () => {
    expect(decideGuard(accounts, null, '/accounts/?page=2')).toEqual({
      kind: 'redirect',
      location: '/login/?callbackUrl=%2Faccounts%2F%3Fpage%3D2',
    });
  });

  it('drops a requested path that is not a safe callback', () => {
    expect(decideGuard({ pattern: '/', guard: 'auth' }, null, '//evil.com')).toEqual({
      kind: 'redirect',
      location: '/login/',
    });
  });

  it('sends a signed-in visitor away from guest pages', () => {
    expect(decideGuard({ pattern: '/login/', guard: 'guest' }, admin, '/login/')).toEqual({
      kind: 'redirect',
      location: '/',
    });
    expect(decideGuard({ pattern: '/login/', guard: 'guest' }, null, '/login/')).toEqual({ kind: 'allow' });
  });

  it('lets anyone see public pages', () => {
    expect(decideGuard({ pattern: '/impressum/', guard: 'public' }, null, '/impressum/')).toEqual({ kind: 'allow' });
    expect(decideGuard({ pattern: '/impressum/', guard: 'public' }, admin, '/impressum/')).toEqual({ kind: 'allow' });
  });

  it('shows the 403 page without the scope, with a scope list or map', () => {
    expect(decideGuard(accounts, manager, '/accounts/')).toEqual({ kind: 'allow' });
    expect(decideGuard(newAccount, manager, '/accounts/neu/')).toEqual({ kind: 'forbidden' });
    expect(decideGuard(newAccount, admin, '/accounts/neu/')).toEqual({ kind: 'allow' });
    expect(decideGuard(newAccount, { scope: [] }, '/accounts/neu/')).toEqual({ kind: 'forbidden' });
  });

  it('fails loudly on a guard that does not exist', () => {
    const broken = { pattern: '/x/', guard: 'admin-only' } as unknown as RouteRule;
    expect(() => decideGuard(broken, admin, '/x/')).toThrow('Unknown middleware');
  });
});

describe('second-factor enrolment (MFA_REQUIRED_ROLES)', () => {
  const enrolling = { scope: ['accounts.read'] as never, mfaEnrolmentRequired: true };

  it('sends a user who must set up a factor to the enrolment from every signed-in page', () => {
    for (const path of ['/', '/accounts/', '/profil/', '/keine-berechtigung/']) {
      expect(decideGuard(matchRoute(path)!, enrolling, path)).toEqual({ kind: 'redirect', location: '/profil/zwei-faktor/' });
    }
  });

  it('lets them open the enrolment and the public pages', () => {
    expect(decideGuard(matchRoute('/profil/zwei-faktor/')!, enrolling, '/profil/zwei-faktor/')).toEqual({ kind: 'allow' });
    expect(decideGuard(matchRoute('/impressum/')!, enrolling, '/impressum/')).toEqual({ kind: 'allow' });
  });

  it('changes nothing for everyone else', () => {
    const done = { scope: ['accounts.read'] as never, mfaEnrolmentRequired: false };
    expect(decideGuard(matchRoute('/accounts/')!, done, '/accounts/')).toEqual({ kind: 'allow' });
  });
});
