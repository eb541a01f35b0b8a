import 'server-only';
import type { User } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { prepareActivationMail, sendActivationMail } from './activation-mail';
import { hasPendingRoleGrant, requireUser, requireUserRow } from './user-record';
import { assertInvitable, assertMayWriteUser } from './user-rules';

/**
 * `POST /users/{id}/resend-invitation`: a new activation link for an invited user (the earlier
 * ones stop working), mailed after commit. Not while their role waits for its approval: that
 * grant's decision sends the first invitation. The user record itself does not change.
 */
export async function resendInvitation(actor: Actor, id: string): Promise<User> {
  const db = await getDb();
  const mail = await db.transaction(async (tx) => {
    const user = await requireUserRow(tx, actor, id, { lock: 'update' });
    assertMayWriteUser(actor, user);
    assertInvitable(user, await hasPendingRoleGrant(tx, user.id));
    return prepareActivationMail(tx, user);
  });
  await sendActivationMail(mail);
  return requireUser(db, actor, id);
}
