import 'server-only';
import type { DbOrTx } from '@/lib/server/db/types';
import { sendMail, type MailRequest } from '@/lib/server/mail/send-mail';
import { issueOneTimeToken, TOKEN_LIFETIME_MS } from '@/lib/server/services/auth/one-time-token';
import { type UserRow } from './user-rules';
import { userLabel } from '@/lib/server/history/change-fields';

const VALID_HOURS = TOKEN_LIFETIME_MS.activation / (60 * 60 * 1000);

/**
 * Issues a fresh activation token inside the caller's transaction (earlier links of the user stop
 * working) and answers the invitation mail, for the caller to queue in that same transaction
 * (`sendMail(mail, tx)`): a rolled-back invitation sends nothing, a committed one cannot lose it.
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

/** The activation token and the invitation mail (outbox row and job), in the caller's transaction. */
export async function queueActivationMail(
  tx: DbOrTx,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'locale'>,
): Promise<void> {
  await sendMail(await prepareActivationMail(tx, user), tx);
}
