import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import type { Tx } from '@/lib/server/db/types';
import { oneTimeTokens, users } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { revokeUserSessions } from '@/lib/server/services/auth/revoke-session';
import { type UserRow, type UserStatus } from './user-rules';
import { nextVersion } from '@/lib/server/db/versioned-update';
import { userLabel } from '@/lib/server/history/change-fields';

/**
 * Moves a user (locked for update by the caller) to another status with its history entry. Taking
 * access away (`revokeAccess`) also ends all their sessions at once, so a token in use answers 401
 * on its next request (SPEC §2), and voids their open activation, reset and confirmation links, so
 * no link from an earlier mail reopens the door.
 */
export async function changeUserStatus(
  tx: Tx,
  actor: Actor,
  user: UserRow,
  status: UserStatus,
  options: { revokeAccess: boolean },
): Promise<void> {
  await tx
    .update(users)
    .set({ status, ...nextVersion(users) })
    .where(eq(users.id, user.id));
  if (options.revokeAccess) {
    await revokeUserSessions(user.id, status === 'locked' ? 'user_locked' : 'user_deactivated', { tx });
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.userId, user.id), isNull(oneTimeTokens.usedAt)));
  }
  await recordChange(tx, {
    actor,
    entityType: 'user',
    entityId: user.id,
    entityLabel: userLabel(user),
    accountId: user.accountId,
    action: 'status_change',
    fields: [{ field: 'status', before: user.status, after: status }],
  });
}
