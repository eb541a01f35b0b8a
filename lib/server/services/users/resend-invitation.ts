import 'server-only';
import type { User } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { getDb } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { queueActivationMail } from './activation-mail';
import { hasPendingRoleGrant, requireUser, requireUserRow } from './user-record';
import { assertInvitable, assertMayWriteUser } from './user-rules';

/**
 * `POST /users/{id}/resend-invitation`: a new activation link for an invited user (the earlier
 * ones stop working), its mail queued in the same transaction. Not while their role waits for its approval: that
 * grant's decision sends the first invitation. The user record itself does not change.
 */
export async function resendInvitation(actor: Actor, id: string): Promise<User> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const user = await requireUserRow(tx, actor, id, { lock: 'update' });
    assertMayWriteUser(actor, user);
    assertInvitable(user, await hasPendingRoleGrant(tx, user.id));
    await limitInvitationMails(tx, user.email);
    await queueActivationMail(tx, user);
  });
  return requireUser(db, actor, id);
}

export const INVITATIONS_PER_MINUTE = 1;
export const INVITATIONS_PER_DAY = 5;

/**
 * A mailbox is not a megaphone: at most one resent invitation a minute and five a day to one
 * address (the first invitation is not a resend), 429 with the seconds until the next may go
 * out. Counted in the outbox, which holds every mail sent, so it holds across instances.
 */
async function limitInvitationMails(tx: DbOrTx, email: string): Promise<void> {
  const activationMails = and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'activation'));
  // The first invitation's time stays in SQL: a JavaScript Date drops its microseconds, and the
  // first mail would then count as a resend of itself.
  const firstSent = sql`(select min(${mailOutbox.createdAt}) from ${mailOutbox} where ${activationMails})`;
  for (const [limit, seconds] of [
    [INVITATIONS_PER_MINUTE, 60],
    [INVITATIONS_PER_DAY, 24 * 60 * 60],
  ] as const) {
    const [sent] = await tx
      .select({ n: count(), oldest: min(mailOutbox.createdAt) })
      .from(mailOutbox)
      .where(
        and(
          activationMails,
          gt(mailOutbox.createdAt, firstSent),
          gt(mailOutbox.createdAt, sql`clock_timestamp() - make_interval(secs => ${seconds})`),
        ),
      );
    if ((sent?.n ?? 0) >= limit) {
      const oldest = sent?.oldest ? new Date(sent.oldest).getTime() : Date.now();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + seconds * 1000 - Date.now()) / 1000));
      throw new ApiError('rate_limited', 'Die Einladung wurde gerade erst erneut gesendet. Bitte warten Sie etwas.', {
        retryAfterSeconds,
      });
    }
  }
}
