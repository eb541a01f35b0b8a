import 'server-only';
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/server/auth/passwords';
import { assertPasswordPolicy } from '@/lib/server/auth/password-policy';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { consumeOneTimeToken, tokenProblem } from '@/lib/server/services/auth/one-time-token';
import { clearSignInLockout, lockUserRow, selfActor } from './identity-user';
import { nextVersion } from '@/lib/server/db/versioned-update';
import { userLabel } from '@/lib/server/history/change-fields';

/**
 * `POST /auth/activate`: the invitation link sets the first password and makes the user active.
 * The answer carries nothing secret; the user signs in as usual afterwards. A password the policy
 * refuses leaves the link usable for a better one.
 */
export async function activateUser(input: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { userId } = await consumeOneTimeToken(tx, { token: input.token, purpose: 'activation' });
    const user = await lockUserRow(tx, userId);
    if (!user) throw tokenProblem('invalid');
    // Already active (activated with another link): this one has had its effect.
    if (user.status === 'active') throw tokenProblem('used');
    // Locked or deactivated before activating: an administrator has to decide, not the link.
    if (user.status !== 'invited') throw tokenProblem('invalid');
    assertPasswordPolicy(input.password, user.email, 'password');

    await tx
      .update(users)
      .set({ passwordHash, status: 'active', ...nextVersion(users) })
      .where(eq(users.id, user.id));
    await clearSignInLockout(tx, user.email);
    await recordChange(tx, {
      actor: selfActor(user),
      entityType: 'user',
      entityId: user.id,
      entityLabel: userLabel(user),
      accountId: user.accountId,
      action: 'status_change',
      fields: [
        { field: 'status', before: 'invited', after: 'active' },
        { field: 'password', before: null, after: null },
      ],
    });
  });
}
