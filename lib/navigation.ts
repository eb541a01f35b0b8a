import type { Scope } from '@/lib/schemas/roles';
import { matchRoute } from '@/lib/auth/route-table';

export interface NavItem {
  href: `/${string}/`;
  labelKey: 'accounts' | 'users' | 'documents' | 'tasks' | 'approvals' | 'history' | 'whitelist';
  scope: Scope;
}

const SECTIONS: readonly NavItem[] = [
  { href: '/accounts/', labelKey: 'accounts', scope: 'accounts.read' },
  { href: '/benutzer/', labelKey: 'users', scope: 'users.read' },
  { href: '/dokumente/', labelKey: 'documents', scope: 'documents.read' },
  { href: '/tasks/', labelKey: 'tasks', scope: 'tasks.read' },
  { href: '/freigaben/', labelKey: 'approvals', scope: 'approvals.read' },
  { href: '/historie/', labelKey: 'history', scope: 'history.read' },
  { href: '/whitelist/', labelKey: 'whitelist', scope: 'whitelist.read' },
];

/**
 * The sections a user may open. A section appears once its page is in the route table, so
 * the navigation never links to a page that does not exist yet.
 */
export function navItemsFor(holds: (scope: Scope) => boolean): NavItem[] {
  return SECTIONS.filter((item) => matchRoute(item.href) && holds(item.scope));
}
