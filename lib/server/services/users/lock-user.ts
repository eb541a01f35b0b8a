import 'server-only';
import type { User } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requireUser, requireUserRow } from './user-record';
import { assertLockable, assertMayWriteUser, assertNotSelf } from './user-rules';
import { changeUserStatus } from './user-status';

/**
 * `POST /users/{id}/lock`: an active or invited user → locked. Their sessions end at once (a token
 * in use answers 401 on its next request) and sign-in answers 403 until they are unlocked.
 */
export async function lockUser(actor: Actor, id: string): Promise<User> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = await requireUserRow(tx, actor, id, { lock: 'update' });
    assertMayWriteUser(actor, user);
    assertNotSelf(actor, user, 'sperren');
    assertLockable(user);
    await changeUserStatus(tx, actor, user, 'locked', { revokeAccess: true });
    return requireUser(tx, actor, id);
  });
}
