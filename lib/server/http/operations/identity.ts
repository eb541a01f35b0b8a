import 'server-only';
import {
  acceptedSchema,
  activateSchema,
  confirmEmailSchema,
  forgotPasswordSchema,
  outboxListSchema,
  outboxQuerySchema,
  resetPasswordSchema,
} from '@/lib/schemas/user';
import { defineOperation } from '../operation';

const tag = 'Identity';

export const forgotPassword = defineOperation({
  method: 'POST',
  path: '/auth/password/forgot',
  summary:
    'Request a password reset link (60 min) by mail; an invited user gets a fresh activation link instead. Always answers `{accepted: true}`, whether the address exists or not; at most 5 such mails per address and hour',
  tag,
  access: 'public',
  body: forgotPasswordSchema,
  response: acceptedSchema,
  errors: [429],
});

export const resetPassword = defineOperation({
  method: 'POST',
  path: '/auth/password/reset',
  summary:
    'Set a new password with the link from the reset mail; ends every session of the user and lifts a sign-in lockout. 400 with details [{path: "token", message: "invalid" | "expired" | "used"}]',
  tag,
  access: 'public',
  body: resetPasswordSchema,
  response: acceptedSchema,
});

export const activate = defineOperation({
  method: 'POST',
  path: '/auth/activate',
  summary:
    'Set the first password with the link from the invitation; the user becomes active and signs in as usual. 400 with details [{path: "token", message: "invalid" | "expired" | "used"}]',
  tag,
  access: 'public',
  body: activateSchema,
  response: acceptedSchema,
});

export const confirmEmail = defineOperation({
  method: 'POST',
  path: '/auth/confirm-email',
  summary:
    'Confirm a changed e-mail address with the link sent to it: it becomes the sign-in name (sessions stay) and the old address gets a notice. 409 when another user took the address meanwhile',
  tag,
  access: 'public',
  body: confirmEmailSchema,
  response: acceptedSchema,
  errors: [409],
});

export const outbox = defineOperation({
  method: 'GET',
  path: '/mail/outbox',
  summary:
    'Administrators only: the mails kept in the database (all of them; without SMTP_URL they go nowhere else), newest first, optionally to one address',
  tag: 'Mail',
  access: 'users.write',
  query: outboxQuerySchema,
  response: outboxListSchema,
});
