import { z } from './zod';
import { secretText, singleLineText } from './text';
import { problem } from './problems';
import { tokenResponseSchema } from './auth';

/** The second factors a user can present. */
export const MFA_METHODS = ['totp', 'recovery_code', 'webauthn'] as const;
export const mfaMethodSchema = z.enum(MFA_METHODS);
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

/** A six-digit code from the authenticator app (spaces allowed, as apps show `123 456`). */
export const totpCodeSchema = secretText()
  .max(16)
  .regex(/^\s*\d{3}\s?\d{3}\s*$/, problem('totpCode'));

/** A recovery code as issued (`k7m2q-9xhtp`), in any case, with or without the dash. */
export const recoveryCodeSchema = secretText().min(1).max(32);

/** Base64url as WebAuthn encodes it; built on the text primitive like every input string. */
const base64url = secretText()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/** A WebAuthn credential as @simplewebauthn/browser answers it, around the authenticator's `response`. */
function publicKeyCredential<R extends z.ZodType>(response: R) {
  return z.strictObject({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key'),
    response,
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()),
  });
}

/** A WebAuthn assertion as `startAuthentication` answers it. */
export const webauthnAssertionSchema = publicKeyCredential(
  z.strictObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
).meta({ id: 'WebAuthnAssertion' });

/** A WebAuthn attestation as `startRegistration` answers it. */
export const webauthnAttestationSchema = publicKeyCredential(
  z.strictObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(singleLineText().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
).meta({ id: 'WebAuthnAttestation' });

/** `POST /auth/login` when the user has a second factor: the password was right, a factor follows. */
export const mfaChallengeResponseSchema = z
  .object({
    mfa_required: z.literal(true),
    /** Single use, valid 5 minutes: send it with the second factor to `POST /auth/login/mfa`. */
    mfa_token: z.string(),
    methods: z.array(mfaMethodSchema),
  })
  .meta({ id: 'MfaChallenge' });
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponseSchema>;

/** `POST /auth/login`: the tokens, or the challenge when the user has a second factor. */
export const loginResponseSchema = z
  .union([tokenResponseSchema, mfaChallengeResponseSchema])
  .meta({ id: 'LoginResponse' });

/** The step-up check and the confirmations that need a current factor. */
export const stepUpInputSchema = z
  .strictObject({
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
    webauthn: webauthnAssertionSchema.optional(),
  })
  .meta({ id: 'StepUpInput' });
export type StepUpInput = z.infer<typeof stepUpInputSchema>;

/** The sign-in's second step: the `mfa_token` and exactly one factor, as for a step-up. */
export const mfaLoginInputSchema = z
  .strictObject({ mfa_token: secretText().min(1).max(128), ...stepUpInputSchema.shape })
  .meta({ id: 'MfaLoginInput' });
export type MfaLoginInput = z.infer<typeof mfaLoginInputSchema>;

export const mfaTokenInputSchema = z
  .strictObject({ mfa_token: secretText().min(1).max(128) })
  .meta({ id: 'MfaTokenInput' });

export const totpCodeInputSchema = z.strictObject({ code: totpCodeSchema }).meta({ id: 'TotpCodeInput' });

export const totpEnrolmentSchema = z
  .object({
    /** Base32, for typing into an app that cannot scan. */
    secret: z.string(),
    otpauthUri: z.string(),
    /** The QR code of `otpauthUri`, drawn on the server. */
    qrSvg: z.string(),
  })
  .meta({ id: 'TotpEnrolment' });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const passkeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;

export const mfaStatusSchema = z
  .object({
    totp: z.boolean(),
    passkeys: z.array(passkeySchema),
    recoveryCodesLeft: z.number().int(),
    /** The user's role must have a second factor (MFA_REQUIRED_ROLES). */
    required: z.boolean(),
    /** Required and none enrolled yet: nothing else is open until one is. */
    enrolmentRequired: z.boolean(),
    /** When this session last passed a second-factor check, if ever. */
    verifiedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'MfaStatus' });
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const passkeyRegistrationSchema = z
  .strictObject({
    name: singleLineText().min(1).max(100),
    response: webauthnAttestationSchema,
  })
  .meta({ id: 'PasskeyRegistration' });

/** WebAuthn options for the browser's `startRegistration` / `startAuthentication`, as the server made them. */
export const webauthnOptionsSchema = z
  .object({ options: z.record(z.string(), z.unknown()) })
  .meta({ id: 'WebAuthnOptions' });
