import 'server-only';
import * as op from '../operations/mfa';
import { route } from '../route';
import { getMfaStatus } from '@/lib/server/services/mfa/get-mfa-status';
import { requestMfaReset } from '@/lib/server/services/mfa/mfa-reset';
import { passkeyRegistrationOptions, registerPasskey, removePasskey } from '@/lib/server/services/mfa/passkeys';
import { signInPasskeyOptions, signInSecondFactor } from '@/lib/server/services/mfa/sign-in-mfa';
import { stepUp as confirmStepUp, stepUpOptions as stepUpChallenge } from '@/lib/server/services/mfa/step-up';
import {
  confirmTotp,
  disableTotp,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from '@/lib/server/services/mfa/totp-enrolment';

export const loginMfa = route(op.loginMfa, ({ body, ip, userAgent }) => signInSecondFactor(body, { ip, userAgent }));

export const loginMfaOptions = route(op.loginMfaOptions, ({ body }) => signInPasskeyOptions(body.mfa_token));

export const stepUp = route(op.stepUp, ({ actor, body, ip }) => confirmStepUp(actor, body, ip));

export const stepUpOptions = route(op.stepUpOptions, ({ actor }) => stepUpChallenge(actor));

export const status = route(op.status, ({ actor }) => getMfaStatus(actor));

export const totpStart = route(op.totpStart, ({ actor }) => startTotpEnrolment(actor));

export const totpDisable = route(op.totpDisable, ({ actor, body, ip }) => disableTotp(actor, body, ip));

export const totpConfirm = route(op.totpConfirm, ({ actor, body, ip }) => confirmTotp(actor, body, ip));

export const recoveryCodes = route(op.recoveryCodes, ({ actor, body, ip }) => regenerateRecoveryCodes(actor, body, ip));

export const passkeyOptions = route(op.passkeyOptions, ({ actor }) => passkeyRegistrationOptions(actor));

export const passkeyRegister = route(op.passkeyRegister, ({ actor, body }) => registerPasskey(actor, body));

export const passkeyRemove = route(op.passkeyRemove, ({ actor, params }) => removePasskey(actor, params.id));

export const reset = route(op.reset, ({ actor, params, body }) => requestMfaReset(actor, params.id, body));
