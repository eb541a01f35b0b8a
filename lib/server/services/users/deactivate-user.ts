import 'server-only';
import type { User } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requireUser, requireUserRow } from './user-record';
import { assertMayWriteUser, assertNotDeactivated, assertNotSelf } from './user-rules';
import { changeUserStatus } from './user-status';

/**
 * `POST /users/{id}/deactivate`: any status → deactivated, which is final (nothing undoes it yet;
 * the record and its history stay, and the e-mail address stays taken). Their sessions end at once.
 */
export async function deactivateUser(actor: Actor, id: string): Promise<User> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = await requireUserRow(tx, actor, id, { lock: 'update' });
    assertMayWriteUser(actor, user);
    assertNotSelf(actor, user, 'deaktivieren');
    assertNotDeactivated(user);
    await changeUserStatus(tx, actor, user, 'deactivated', { revokeAccess: true });
    return requireUser(tx, actor, id);
  });
}
