import 'server-only';
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/server/auth/passwords';
import { assertPasswordPolicy } from '@/lib/server/auth/password-policy';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { consumeOneTimeToken, tokenProblem } from '@/lib/server/services/auth/one-time-token';
import { revokeUserSessions } from '@/lib/server/services/auth/revoke-session';
import { clearSignInLockout, lockUserRow, selfActor } from './identity-user';
import { nextVersion } from '@/lib/server/db/versioned-update';
import { userLabel } from '@/lib/server/history/change-fields';

/**
 * `POST /auth/password/reset`: the link from the mail sets a new password. Every session of the
 * user ends (whoever knew the old password is out) and a running sign-in lockout of the address
 * is lifted. A password the policy refuses leaves the link usable for a better one.
 */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  // Hashing takes a while; not inside the transaction, which would hold the user's row meanwhile.
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { userId } = await consumeOneTimeToken(tx, { token: input.token, purpose: 'password_reset' });
    const user = await lockUserRow(tx, userId);
    // Locked or deactivated since the mail went out: the link no longer opens anything.
    if (user?.status !== 'active') throw tokenProblem('invalid');
    assertPasswordPolicy(input.password, user.email, 'password');

    await tx
      .update(users)
      .set({ passwordHash, ...nextVersion(users) })
      .where(eq(users.id, user.id));
    await revokeUserSessions(user.id, 'password_reset', { tx });
    await clearSignInLockout(tx, user.email);
    await recordChange(tx, {
      actor: selfActor(user),
      entityType: 'user',
      entityId: user.id,
      entityLabel: userLabel(user),
      accountId: user.accountId,
      action: 'update',
      fields: [{ field: 'password', before: null, after: null }],
    });
  });
}
