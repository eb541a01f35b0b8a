import 'server-only';
import { randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after count too (clock drift of up to 30 s). */
const WINDOW = 1;
export const TOTP_ISSUER = 'Employee Benefits Master Tool';
export const RECOVERY_CODE_COUNT = 10;

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app scans. */
export function totpUri(secret: string, account: string): string {
  return totp(secret, account).toString();
}

/** The code for a moment (tests compute codes the same way). */
export function totpCode(secret: string, at = Date.now()): string {
  return totp(secret).generate({ timestamp: at });
}

/**
 * The time step a code belongs to, if it is valid now (± one step), else null. The caller accepts
 * it only when the step is newer than the last accepted one: no code is accepted twice.
 */
export function totpStep(secret: string, code: string, at = Date.now()): number | null {
  const normalised = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(normalised)) return null;
  const generator = totp(secret);
  const delta = generator.validate({ token: normalised, timestamp: at, window: WINDOW });
  return delta === null ? null : generator.counter({ timestamp: at }) + delta;
}

/** Accepts a code once: valid now and for a later step than the last accepted one. */
export function acceptTotp(secret: string, code: string, lastStep: number, at = Date.now()): number | null {
  const step = totpStep(secret, code, at);
  return step !== null && step > lastStep ? step : null;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes like `k7m2q-9xhtp` (about 49 bits each), shown once and stored hashed. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** How a typed recovery code is compared: lower case, without spaces and dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

/** An opaque random token (the sign-in's `mfa_token`). */
export const randomToken = () => randomBytes(32).toString('base64url');
