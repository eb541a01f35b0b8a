import 'server-only';
import { log } from '@/lib/server/observability';
import { after } from 'next/server';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { oneTimeTokens } from '@/lib/server/db/schema';
import { sendMail } from '@/lib/server/mail/send-mail';
import { issueOneTimeToken, type TokenPurpose } from '@/lib/server/services/auth/one-time-token';
import { limitClientRate } from './client-rate-limit';
import { findUserByEmail, lockUserRow, tokenMail } from './identity-user';
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
 * same statements run before it whether the address exists or not, so neither the answer nor its
 * timing tells: the token and its mail are written after the answer has been sent, in one
 * transaction.
 */
export async function requestPasswordReset(rawEmail: string, client: { ip: string }): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const db = await getDb();
  await limitClientRate(db, client.ip, email);

  const user = await findUserByEmail(db, email);
  const awaitsRoleGrant = await hasPendingRoleGrant(db, user?.id ?? NO_USER);
  const purpose: TokenPurpose | null =
    user?.status === 'active' ? 'password_reset' : user?.status === 'invited' && !awaitsRoleGrant ? 'activation' : null;

  if (!user || !purpose) return;
  // The link and its mail in one transaction, run after the answer has been sent: a rolled-back
  // token sends nothing, a committed one cannot lose its mail, and the answer's timing is the same
  // whether a mail goes out or not. The user's row lock makes parallel requests count in turn.
  after(async () => {
    try {
      await (
        await getDb()
      ).transaction(async (tx) => {
        await lockUserRow(tx, user.id);
        // Every link issued is one mail; counted on the tokens, written with their mails.
        const [recent] = await tx
          .select({ n: count() })
          .from(oneTimeTokens)
          .where(
            and(
              eq(oneTimeTokens.userId, user.id),
              inArray(oneTimeTokens.purpose, ['password_reset', 'activation']),
              gt(oneTimeTokens.createdAt, sql`now() - interval '1 hour'`),
            ),
          );
        if ((recent?.n ?? 0) >= MAX_RESET_MAILS_PER_HOUR) return;
        const token = await issueOneTimeToken(tx, { userId: user.id, purpose });
        await sendMail(tokenMail(user, purpose, token), tx);
      });
    } catch (error) {
      log().error({ err: error }, '[identity] the password reset mail could not be queued');
    }
  });
}
