/**
 * The sign-in failures the login page explains. The Credentials provider can only report a
 * string, so it reports `code` or `code:seconds` — and, when the password was right and a second
 * factor follows, `mfa:<methods joined by +>:<mfa_token>` (the token is base64url, single use,
 * valid 5 minutes; it travels in the JSON answer of next-auth's callback, not in the address bar).
 */
export type SignInErrorKind =
  'invalid' | 'locked' | 'rate_limited' | 'disabled' | 'unreachable' | 'failed' | 'code_invalid' | 'mfa_expired';

export type SecondFactorMethod = 'totp' | 'recovery_code' | 'webauthn';

export type ParsedSignInError =
  | { code: SignInErrorKind | 'required'; retryAfterSeconds?: number }
  | { code: 'mfa_required'; mfaToken: string; methods: SecondFactorMethod[] };

const KINDS: readonly SignInErrorKind[] = [
  'invalid',
  'locked',
  'rate_limited',
  'disabled',
  'unreachable',
  'failed',
  'code_invalid',
  'mfa_expired',
];
const METHODS: readonly SecondFactorMethod[] = ['totp', 'recovery_code', 'webauthn'];

export function encodeSignInError(code: SignInErrorKind, retryAfterSeconds?: number): string {
  return retryAfterSeconds ? `${code}:${retryAfterSeconds}` : code;
}

export function encodeMfaRequired(mfaToken: string, methods: readonly string[]): string {
  return `mfa:${methods.join('+')}:${mfaToken}`;
}

export function parseSignInError(error: string | null | undefined): ParsedSignInError {
  const [code, seconds, token] = (error ?? '').split(':');
  if (code === 'mfa' && token && /^[A-Za-z0-9_-]{16,128}$/.test(token)) {
    const methods = (seconds ?? '')
      .split('+')
      .filter((m): m is SecondFactorMethod => METHODS.includes(m as SecondFactorMethod));
    return { code: 'mfa_required', mfaToken: token, methods };
  }
  const kind = KINDS.find((candidate) => candidate === code) ?? 'failed';
  const retryAfterSeconds = Number(seconds);
  return Number.isInteger(retryAfterSeconds) && retryAfterSeconds > 0
    ? { code: kind, retryAfterSeconds }
    : { code: kind };
}
