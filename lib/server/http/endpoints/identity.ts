import 'server-only';
import * as op from '../operations/identity';
import { route } from '../route';
import { activateUser } from '@/lib/server/services/identity/activate-user';
import { confirmEmail as confirmEmailChange } from '@/lib/server/services/identity/confirm-email';
import { requestPasswordReset } from '@/lib/server/services/identity/request-password-reset';
import { resetPassword as resetPasswordWithToken } from '@/lib/server/services/identity/reset-password';
import { findOutboxMails } from '@/lib/server/services/mail/find-outbox-mails';

export const forgotPassword = route(op.forgotPassword, async ({ body, ip }) => {
  await requestPasswordReset(body.email, { ip });
  return { accepted: true as const };
});

export const resetPassword = route(op.resetPassword, async ({ body }) => {
  await resetPasswordWithToken(body);
  return { accepted: true as const };
});

export const activate = route(op.activate, async ({ body }) => {
  await activateUser(body);
  return { accepted: true as const };
});

export const confirmEmail = route(op.confirmEmail, async ({ body }) => {
  await confirmEmailChange(body);
  return { accepted: true as const };
});

export const outbox = route(op.outbox, ({ actor, query }) => findOutboxMails(actor, query));
