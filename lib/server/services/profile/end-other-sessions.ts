import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import { revokeUserSessions } from '@/lib/server/services/auth/revoke-session';

/** `DELETE /profile/sessions`: "sign out everywhere else"; the caller's own session stays. */
export async function endOtherSessions(actor: Actor): Promise<void> {
  await revokeUserSessions(actor.id, 'signed_out_elsewhere', { keepSessionId: actor.sessionId });
}
