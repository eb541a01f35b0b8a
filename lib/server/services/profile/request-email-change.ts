import 'server-only';
import { and, ne, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { sendMail } from '@/lib/server/mail/send-mail';
import { issueOneTimeToken } from '@/lib/server/services/auth/one-time-token';
import { tokenMail } from '@/lib/server/services/identity/identity-user';
import { confirmCurrentPassword, lockOwnRow } from './profile-record';
import { invalidField } from '@/lib/server/http/api-error';

/**
 * `POST /profile/email`: the new address only becomes the user's when the link sent to it is
 * opened (`POST /auth/confirm-email`), so nobody can take over an address they cannot read.
 * Needs the current password. Telling a signed-in user that an address is taken is an accepted
 * leak: they could learn it from the invitation form of their administrator anyway.
 */
export async function requestEmailChange(
  actor: Actor,
  input: { email: string; currentPassword: string },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const db = await getDb();
  await confirmCurrentPassword(db, actor, input.currentPassword);

  await db.transaction(async (tx) => {
    const user = await lockOwnRow(tx, actor.id);
    if (user.email.toLowerCase() === email) throw invalidField('email', 'emailUnchanged');
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, actor.id)))
      .limit(1);
    if (taken) throw invalidField('email', 'emailTaken');
    const token = await issueOneTimeToken(tx, { userId: actor.id, purpose: 'email_confirmation', payload: { email } });
    // The link's mail, queued with its token: a rolled-back request sends nothing.
    await sendMail(tokenMail(user, 'email_confirmation', token, email), tx);
  });
}
