import 'server-only';
import { tokenResponseSchema } from '@/lib/schemas/auth';
import { approvalRefSchema, approvalRequestInputSchema } from '@/lib/schemas/account';
import { idParamsSchema } from '@/lib/schemas/common';
import {
  mfaLoginInputSchema,
  mfaStatusSchema,
  mfaTokenInputSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  recoveryCodesSchema,
  stepUpInputSchema,
  totpCodeInputSchema,
  totpEnrolmentSchema,
  webauthnOptionsSchema,
} from '@/lib/schemas/mfa';
import { z } from 'zod';
import { defineOperation } from '../operation';

export const loginMfa = defineOperation({
  method: 'POST',
  path: '/auth/login/mfa',
  summary:
    'Second step of a sign-in: the mfa_token from POST /auth/login (single use, 5 minutes) with exactly one of a TOTP code, a recovery code or a WebAuthn assertion; answers the tokens. A wrong factor counts toward the lockout (423) and the rate limit (429) like a wrong password; a TOTP code is accepted once',
  tag: 'Auth',
  access: 'public',
  body: mfaLoginInputSchema,
  response: tokenResponseSchema,
  errors: [401, 423, 429],
});

export const loginMfaOptions = defineOperation({
  method: 'POST',
  path: '/auth/login/mfa/options',
  summary:
    'WebAuthn options (challenge, allowed credentials) for the passkeys of the mfa_token’s user, for navigator.credentials.get(); the assertion then goes to POST /auth/login/mfa',
  tag: 'Auth',
  access: 'public',
  body: mfaTokenInputSchema,
  response: webauthnOptionsSchema,
  errors: [401],
});

export const stepUp = defineOperation({
  method: 'POST',
  path: '/auth/step-up',
  summary:
    'Confirm a current second factor (a TOTP code, a recovery code or a WebAuthn assertion to the options of POST /auth/step-up/options, each assertion good once): for 10 minutes this session may grant or decide the roles admin and back office, decide factor resets and erasures, and change its own factors. Checked under the sign-in limits: a wrong factor counts toward the lockout (423; while locked even the right one is refused) and the address limit (429)',
  tag: 'Auth',
  access: 'authenticated',
  body: stepUpInputSchema,
  successStatus: 204,
  errors: [423, 429],
  duringMfaEnrolment: true,
});

export const stepUpOptions = defineOperation({
  method: 'POST',
  path: '/auth/step-up/options',
  summary: 'WebAuthn options over the caller’s passkeys, for a step-up with a passkey',
  tag: 'Auth',
  access: 'authenticated',
  response: webauthnOptionsSchema,
});

const tag = 'Profile';

export const status = defineOperation({
  method: 'GET',
  path: '/profile/mfa',
  summary:
    'The caller’s second factors (TOTP on or off, passkeys, recovery codes left; never a secret) and whether their role requires one',
  tag,
  access: 'authenticated',
  response: mfaStatusSchema,
  duringMfaEnrolment: true,
});

export const totpStart = defineOperation({
  method: 'POST',
  path: '/profile/mfa/totp',
  summary:
    'Start setting up an authenticator app: a new secret, its otpauth URI and the QR code as SVG (drawn on the server). Replaces a pending one; 409 when one is set up. With a factor already, needs a step-up',
  tag,
  access: 'authenticated',
  response: totpEnrolmentSchema,
  errors: [409],
  duringMfaEnrolment: true,
});

export const totpDisable = defineOperation({
  method: 'DELETE',
  path: '/profile/mfa/totp',
  summary:
    'Remove the authenticator app: needs a current code, checked under the sign-in limits (a wrong one counts toward the lockout, 423, and the address limit, 429; while locked even the right one is refused). A role that must have a second factor keeps its last one (422)',
  tag,
  access: 'authenticated',
  body: totpCodeInputSchema,
  successStatus: 204,
  errors: [423, 429],
  duringMfaEnrolment: true,
});

export const totpConfirm = defineOperation({
  method: 'POST',
  path: '/profile/mfa/totp/confirm',
  summary:
    'Confirm the pending authenticator app with one current code: switches it on and answers ten single-use recovery codes, shown this once (stored hashed)',
  tag,
  access: 'authenticated',
  body: totpCodeInputSchema,
  response: recoveryCodesSchema,
  errors: [409, 423, 429],
  duringMfaEnrolment: true,
});

export const recoveryCodes = defineOperation({
  method: 'POST',
  path: '/profile/mfa/recovery-codes',
  summary:
    'Ten new recovery codes replace the old ones (shown this once). Needs a current TOTP code in the body, checked under the sign-in limits (423 locked, 429 rate limited), or a step-up at most 10 minutes old ({})',
  tag,
  access: 'authenticated',
  body: stepUpInputSchema,
  response: recoveryCodesSchema,
  errors: [423, 429],
  duringMfaEnrolment: true,
});

export const passkeyOptions = defineOperation({
  method: 'POST',
  path: '/profile/mfa/passkeys/options',
  summary:
    'WebAuthn registration options for navigator.credentials.create() (relying party: the host of NEXTAUTH_URL); at most 10 passkeys. With a factor already, needs a step-up',
  tag,
  access: 'authenticated',
  response: webauthnOptionsSchema,
  duringMfaEnrolment: true,
});

export const passkeyRegister = defineOperation({
  method: 'POST',
  path: '/profile/mfa/passkeys',
  summary:
    'Store a named passkey from the browser’s answer to the last registration options. The first factor of a user also answers ten recovery codes (shown once; empty otherwise)',
  tag,
  access: 'authenticated',
  body: passkeyRegistrationSchema,
  response: z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()) }).meta({ id: 'PasskeyRegistered' }),
  duringMfaEnrolment: true,
});

export const passkeyRemove = defineOperation({
  method: 'DELETE',
  path: '/profile/mfa/passkeys/[id]',
  summary:
    'Remove one of the caller’s passkeys (needs a step-up); another user’s answers 404. A role that must have a second factor keeps its last one (422)',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  successStatus: 204,
  duringMfaEnrolment: true,
});

export const reset = defineOperation({
  method: 'POST',
  path: '/users/[id]/mfa-reset',
  summary:
    'Administrators: request removing another user’s second factors (they lost them); files a pending mfa_reset approval that someone else decides. Never for oneself (403 four_eyes); a user without a factor answers 422',
  tag: 'Users',
  access: 'users.write',
  params: idParamsSchema,
  body: approvalRequestInputSchema,
  response: approvalRefSchema,
  location: (approval) => `/approvals/${approval.id}`,
  successStatus: 201,
  errors: [409],
});
