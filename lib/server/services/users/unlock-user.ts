import 'server-only';
import type { User } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requireUser, requireUserRow } from './user-record';
import { assertMayWriteUser, unlockedStatus } from './user-rules';
import { changeUserStatus } from './user-status';

/**
 * `POST /users/{id}/unlock`: a locked user → active if they have set a password, else back to
 * invited (their earlier activation link was voided by the lock: send a new invitation).
 * Deactivated users stay deactivated (422).
 */
export async function unlockUser(actor: Actor, id: string): Promise<User> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = await requireUserRow(tx, actor, id, { lock: 'update' });
    assertMayWriteUser(actor, user);
    await changeUserStatus(tx, actor, user, unlockedStatus(user), { revokeAccess: false });
    return requireUser(tx, actor, id);
  });
}
