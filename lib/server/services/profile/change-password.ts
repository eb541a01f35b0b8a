import 'server-only';
import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { hashPassword } from '@/lib/server/auth/passwords';
import { assertPasswordPolicy } from '@/lib/server/auth/password-policy';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { revokeUserSessions } from '@/lib/server/services/auth/revoke-session';
import { confirmCurrentPassword, lockOwnRow } from './profile-record';
import { nextVersion } from '@/lib/server/db/versioned-update';
import { userLabel } from '@/lib/server/history/change-fields';

/**
 * `POST /profile/password`: needs the current password (a session left open on a shared computer
 * is not enough to take the account over). Every other session ends; this one stays.
 */
export async function changePassword(
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const db = await getDb();
  await confirmCurrentPassword(db, actor, input.currentPassword);
  assertPasswordPolicy(input.newPassword, actor.email, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);

  await db.transaction(async (tx) => {
    const current = await lockOwnRow(tx, actor.id);
    await tx
      .update(users)
      .set({ passwordHash, ...nextVersion(users) })
      .where(eq(users.id, actor.id));
    await revokeUserSessions(actor.id, 'password_changed', { tx, keepSessionId: actor.sessionId });
    await recordChange(tx, {
      actor,
      entityType: 'user',
      entityId: actor.id,
      entityLabel: userLabel(current),
      accountId: current.accountId,
      action: 'update',
      fields: [{ field: 'password', before: null, after: null }],
    });
  });
}
