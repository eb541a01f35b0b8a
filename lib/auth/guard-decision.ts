import type { ScopeField } from '@/lib/schemas/roles';
import { safeCallbackPath } from './callback-path';
import { hasScope } from './has-scope';
import { LOGIN_PATH, MFA_ENROLMENT_PATH, type RouteRule } from './route-table';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; location: string } | { kind: 'forbidden' };

/**
 * What the middleware does with a request for a page (SPEC §3): guests only on guest pages,
 * signed-in users only on auth pages, and the page's scope or the 403 page.
 */
export function decideGuard(
  rule: RouteRule,
  user: { scope: ScopeField; mfaEnrolmentRequired?: boolean } | null,
  requestedPath: string,
): GuardDecision {
  switch (rule.guard) {
    case 'public':
      return { kind: 'allow' };
    case 'guest':
      return user ? { kind: 'redirect', location: '/' } : { kind: 'allow' };
    case 'auth': {
      if (!user) {
        const callback = safeCallbackPath(requestedPath, '');
        const location = callback ? `${LOGIN_PATH}?callbackUrl=${encodeURIComponent(callback)}` : LOGIN_PATH;
        return { kind: 'redirect', location };
      }
      // A user whose role must have a second factor and has none sees only its enrolment (issue 28).
      if (user.mfaEnrolmentRequired && rule.pattern !== MFA_ENROLMENT_PATH) {
        return { kind: 'redirect', location: MFA_ENROLMENT_PATH };
      }
      return rule.scope && !hasScope(user.scope, rule.scope) ? { kind: 'forbidden' } : { kind: 'allow' };
    }
    default: {
      // A guard the table does not know must never let a request through.
      const unknown: never = rule.guard;
      throw new Error(`Unknown middleware: ${String(unknown)}`);
    }
  }
}
