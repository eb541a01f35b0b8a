import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { ApiError } from '@/lib/server/http/api-error';
import { sendMail } from '@/lib/server/mail/send-mail';
import { consumeOneTimeToken, tokenProblem } from '@/lib/server/services/auth/one-time-token';
import { lockUserRow, selfActor } from './identity-user';
import { nextVersion } from '@/lib/server/db/versioned-update';
import { userLabel } from '@/lib/server/history/change-fields';
import { isUniqueViolation } from '@/lib/server/db/database-errors';

const addressTaken = () =>
  new ApiError('conflict', 'Diese E-Mail-Adresse wird inzwischen von einem anderen Zugang verwendet.');

/**
 * `POST /auth/confirm-email`: the link sent to the new address proves it belongs to the user, and
 * it becomes their address (and sign-in name). Sessions stay: the person is the same. The old
 * address gets a notice, so a hijacked account does not change hands silently.
 */
export async function confirmEmail(input: { token: string }): Promise<void> {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const { userId, payload } = await consumeOneTimeToken(tx, { token: input.token, purpose: 'email_confirmation' });
      const user = await lockUserRow(tx, userId);
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
      if (!user || user.status !== 'active' || !email) throw tokenProblem('invalid');
      if (user.email.toLowerCase() === email) return;

      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, user.id)))
        .limit(1);
      if (taken) throw addressTaken();

      await tx
        .update(users)
        .set({ email, ...nextVersion(users) })
        .where(eq(users.id, user.id));
      await recordChange(tx, {
        actor: selfActor(user),
        entityType: 'user',
        entityId: user.id,
        entityLabel: userLabel(user),
        accountId: user.accountId,
        action: 'update',
        fields: [{ field: 'email', before: user.email, after: email }],
      });
      // The notice to the old address, queued with the change: both or neither.
      await sendMail({ to: user.email, locale: user.locale, template: 'email_changed', name: userLabel(user) }, tx);
    });
  } catch (error) {
    // Taken between the check and the update by a parallel request: the unique index decides.
    if (isUniqueViolation(error)) throw addressTaken();
    throw error;
  }
}
