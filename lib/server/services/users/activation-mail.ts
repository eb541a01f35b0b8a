import 'server-only';
import type { DbOrTx } from '@/lib/server/db/types';
import { sendMail, type MailRequest } from '@/lib/server/mail/send-mail';
import { issueOneTimeToken, TOKEN_LIFETIME_MS } from '@/lib/server/services/auth/one-time-token';
import { type UserRow } from './user-rules';
import { userLabel } from '@/lib/server/history/change-fields';

const VALID_HOURS = TOKEN_LIFETIME_MS.activation / (60 * 60 * 1000);

/**
 * Issues a fresh activation token inside the caller's transaction (earlier links of the user stop
 * working) and answers the invitation mail to send once that transaction has committed, so no
 * mail goes out for an invitation that was rolled back.
 */
export async function prepareActivationMail(
  tx: DbOrTx,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'locale'>,
): Promise<MailRequest> {
  const token = await issueOneTimeToken(tx, { userId: user.id, purpose: 'activation' });
  return {
    to: user.email,
    locale: user.locale,
    template: 'activation',
    name: userLabel(user),
    path: `/aktivierung/?token=${encodeURIComponent(token)}`,
    validHours: VALID_HOURS,
  };
}

/**
 * Sends a prepared invitation after commit. The user exists by then: a failing mail must not turn
 * the answer into an error (the invitation can be sent again), so it is logged instead.
 */
export async function sendActivationMail(mail: MailRequest): Promise<void> {
  try {
    await sendMail(mail);
  } catch (error) {
    console.error(`[users] the invitation mail to ${mail.to} could not be queued`, error);
  }
}
