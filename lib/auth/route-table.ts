import type { Scope } from '@/lib/schemas/roles';

/**
 * The guards of every page (SPEC §3). `guard` is a closed union, so a route naming a guard
 * that does not exist fails the typecheck; `route-table.test.ts` checks that every page under
 * app/ has exactly one rule and every rule has a page.
 */
export type Guard = 'public' | 'guest' | 'auth';

export interface RouteRule {
  /** Path with a trailing slash; `[name]` matches one segment. */
  readonly pattern: `/${string}`;
  readonly guard: Guard;
  readonly scope?: Scope;
}

export const ROUTES = [
  { pattern: '/', guard: 'auth' },
  { pattern: '/login/', guard: 'guest' },
  { pattern: '/pw-vergessen/', guard: 'guest' },
  { pattern: '/pw-reset/', guard: 'guest' },
  { pattern: '/aktivierung/', guard: 'guest' },
  // Public: the link of a changed address must work whether or not its owner is signed in.
  { pattern: '/bestaetigung/', guard: 'public' },
  { pattern: '/profil/', guard: 'auth' },
  { pattern: '/profil/zwei-faktor/', guard: 'auth' },
  { pattern: '/benachrichtigungen/', guard: 'auth' },
  // Administrators only: the page sends everyone else to /keine-berechtigung/ (the API refuses them too).
  { pattern: '/einstellungen/api-schluessel/', guard: 'auth' },
  { pattern: '/einstellungen/webhooks/', guard: 'auth' },
  { pattern: '/einstellungen/webhooks/[id]/', guard: 'auth' },
  { pattern: '/keine-berechtigung/', guard: 'auth' },
  { pattern: '/datenschutz/', guard: 'public' },
  { pattern: '/impressum/', guard: 'public' },
  { pattern: '/accounts/', guard: 'auth', scope: 'accounts.read' },
  { pattern: '/accounts/neu/', guard: 'auth', scope: 'accounts.write' },
  { pattern: '/accounts/neu/import/', guard: 'auth', scope: 'accounts.write' },
  { pattern: '/accounts/[id]/', guard: 'auth', scope: 'accounts.read' },
  { pattern: '/accounts/[id]/show/', guard: 'auth', scope: 'accounts.read' },
  { pattern: '/accounts/[id]/edit/', guard: 'auth', scope: 'accounts.write' },
  { pattern: '/accounts/[id]/neu/', guard: 'auth', scope: 'accounts.write' },
  { pattern: '/benutzer/', guard: 'auth', scope: 'users.read' },
  { pattern: '/benutzer/neu/', guard: 'auth', scope: 'users.write' },
  { pattern: '/benutzer/neu/import/', guard: 'auth', scope: 'users.write' },
  { pattern: '/importe/[id]/', guard: 'auth' },
  { pattern: '/benutzer/[id]/', guard: 'auth', scope: 'users.read' },
  { pattern: '/benutzer/[id]/edit/', guard: 'auth', scope: 'users.write' },
  { pattern: '/dokumente/', guard: 'auth', scope: 'documents.read' },
  { pattern: '/dokumente/neu/', guard: 'auth', scope: 'documents.write' },
  { pattern: '/dokumente/[id]/', guard: 'auth', scope: 'documents.read' },
  { pattern: '/freigaben/', guard: 'auth', scope: 'approvals.read' },
  { pattern: '/freigaben/[id]/', guard: 'auth', scope: 'approvals.read' },
  { pattern: '/historie/', guard: 'auth', scope: 'history.read' },
  { pattern: '/historie/[id]/', guard: 'auth', scope: 'history.read' },
  { pattern: '/whitelist/', guard: 'auth', scope: 'whitelist.read' },
  { pattern: '/whitelist/neu/', guard: 'auth', scope: 'whitelist.write' },
  { pattern: '/whitelist/neu/import/', guard: 'auth', scope: 'whitelist.write' },
  { pattern: '/whitelist/[id]/', guard: 'auth', scope: 'whitelist.read' },
  { pattern: '/tasks/', guard: 'auth', scope: 'tasks.read' },
  { pattern: '/tasks/neu/', guard: 'auth', scope: 'tasks.write' },
  { pattern: '/tasks/[id]/', guard: 'auth', scope: 'tasks.read' },
] as const satisfies readonly RouteRule[];

export const FORBIDDEN_PATH = '/keine-berechtigung/';
export const LOGIN_PATH = '/login/';
/** Second-factor settings; the one page open to a user who must set one up first (MFA_REQUIRED_ROLES). */
export const MFA_ENROLMENT_PATH = '/profil/zwei-faktor/';

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

const compiled = (ROUTES as readonly RouteRule[]).map((rule) => ({ rule, parts: segments(rule.pattern) }));

export function matchRoute(pathname: string): RouteRule | undefined {
  const parts = segments(pathname);
  // Prefer static segments over dynamic ones, as Next's own router does.
  let best: { rule: RouteRule; dynamicCount: number } | undefined;
  for (const { rule, parts: pattern } of compiled) {
    if (pattern.length !== parts.length) continue;
    let dynamicCount = 0;
    const matches = pattern.every((segment, index) => {
      if (/^\[\w+\]$/.test(segment)) {
        dynamicCount++;
        return true;
      }
      return segment === parts[index];
    });
    if (matches && (!best || dynamicCount < best.dynamicCount)) best = { rule, dynamicCount };
  }
  return best?.rule;
}
