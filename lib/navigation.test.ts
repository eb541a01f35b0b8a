import { navItemsFor } from './navigation';
import { hasScope } from './auth/has-scope';

describe('navItemsFor', () => {
  it('lists every section to a user who holds every scope', () => {
    expect(navItemsFor(() => true).map((item) => item.href)).toEqual([
      '/accounts/',
      '/benutzer/',
      '/dokumente/',
      '/tasks/',
      '/freigaben/',
      '/historie/',
      '/whitelist/',
    ]);
  });

  it('leaves out the sections whose list page needs a scope the user lacks', () => {
    const scope = ['accounts.read', 'tasks.read'];
    expect(navItemsFor((wanted) => hasScope(scope, wanted)).map((item) => item.labelKey)).toEqual([
      'accounts',
      'tasks',
    ]);
  });
});
