import 'server-only';
import type { SessionUser } from '@/lib/schemas/auth';
import type { Actor } from '@/lib/server/auth/actor';

/**
 * The signed-in user as `auth/me` answers it. authenticate() has just read this user with the
 * session and admits only active users, so no second query is needed.
 */
export async function getCurrentUser(actor: Actor): Promise<SessionUser> {
  return {
    id: actor.id,
    email: actor.email,
    firstName: actor.firstName,
    lastName: actor.lastName,
    role: actor.role,
    accountId: actor.accountId,
    locale: actor.locale,
    theme: actor.theme,
    status: 'active',
    scope: [...actor.scopes],
    mfaEnrolmentRequired: actor.mfaEnrolmentRequired,
  };
}
