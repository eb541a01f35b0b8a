import 'server-only';
import { after } from 'next/server';
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { oneTimeTokens } from '@/lib/server/db/schema';
import { sendMail, type MailRequest } from '@/lib/server/mail/send-mail';
import { issueOneTimeToken, type TokenPurpose } from '@/lib/server/services/auth/one-time-token';
import { limitClientRate } from './client-rate-limit';
import { findUserByEmail, tokenMail } from './identity-user';
import { hasPendingRoleGrant } from '@/lib/server/services/users/user-record';

/**
 * At most this many reset or activation mails per address and hour (invitations included); further
 * requests are dropped silently.
 */
export const MAX_RESET_MAILS_PER_HOUR = 5;

/** Stands in for the user id of an unknown address, so both cases run the same statements. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * `POST /auth/password/forgot`: an active user gets a reset link (60 min), an invited one a fresh
 * activation link instead (they have no password to reset) unless a role grant for them still
 * waits for its approval; everyone else nothing. The caller always gets the same answer, and the
 * same statements run whether the address exists or not (only the token's insert is extra), so
 * neither the answer nor its timing tells. The mail goes out after the answer has been sent (SMTP
 * can take a while), which keeps it out of the timing as well.
 */
export async function requestPasswordReset(rawEmail: string, client: { ip: string }): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const db = await getDb();
  await limitClientRate(db, client.ip, email);

  const user = await findUserByEmail(db, email);
  const awaitsRoleGrant = await hasPendingRoleGrant(db, user?.id ?? NO_USER);
  const purpose: TokenPurpose | null =
    user?.status === 'active' ? 'password_reset' : user?.status === 'invited' && !awaitsRoleGrant ? 'activation' : null;

  // Every link issued is one mail; counted on the tokens, which exist before the mail is queued.
  const [recent] = await db
    .select({ n: count() })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, user?.id ?? NO_USER),
        inArray(oneTimeTokens.purpose, ['password_reset', 'activation']),
        gt(oneTimeTokens.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  const withinLimit = (recent?.n ?? 0) < MAX_RESET_MAILS_PER_HOUR;

  const mail = await db.transaction(async (tx): Promise<MailRequest | null> => {
    if (user && purpose && withinLimit) {
      return tokenMail(user, purpose, await issueOneTimeToken(tx, { userId: user.id, purpose }));
    }
    // The statement issuing a token starts with (retiring earlier links), for no one.
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeTokens.userId, NO_USER),
          eq(oneTimeTokens.purpose, 'password_reset'),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    return null;
  });

  if (mail) {
    after(async () => {
      try {
        await sendMail(mail);
      } catch (error) {
        console.error('[identity] the password reset mail could not be queued', error);
      }
    });
  }
}
