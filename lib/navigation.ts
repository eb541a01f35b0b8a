import type { Scope } from '@/lib/schemas/roles';
import { matchRoute } from '@/lib/auth/route-table';

export interface NavItem {
  href: `/${string}/`;
  labelKey: 'accounts' | 'users' | 'documents' | 'tasks' | 'approvals' | 'history' | 'whitelist';
}

const SECTIONS: readonly NavItem[] = [
  { href: '/accounts/', labelKey: 'accounts' },
  { href: '/benutzer/', labelKey: 'users' },
  { href: '/dokumente/', labelKey: 'documents' },
  { href: '/tasks/', labelKey: 'tasks' },
  { href: '/freigaben/', labelKey: 'approvals' },
  { href: '/historie/', labelKey: 'history' },
  { href: '/whitelist/', labelKey: 'whitelist' },
];

/**
 * The sections a user may open. A section appears once its page is in the route table, and
 * takes its scope from there, so the navigation never links to a page that does not exist yet
 * or that the guard would refuse.
 */
export function navItemsFor(holds: (scope: Scope) => boolean): NavItem[] {
  return SECTIONS.filter((item) => {
    const rule = matchRoute(item.href);
    return rule !== undefined && (rule.scope === undefined || holds(rule.scope));
  });
}
