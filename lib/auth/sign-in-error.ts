/**
 * The sign-in failures the login page explains. The Credentials provider can only report a
 * string, so it reports `code` or `code:seconds`.
 */
export type SignInErrorKind = 'invalid' | 'locked' | 'rate_limited' | 'disabled' | 'unreachable' | 'failed';

export interface ParsedSignInError {
  code: SignInErrorKind | 'required';
  retryAfterSeconds?: number;
}

const KINDS: readonly SignInErrorKind[] = ['invalid', 'locked', 'rate_limited', 'disabled', 'unreachable', 'failed'];

export function encodeSignInError(code: SignInErrorKind, retryAfterSeconds?: number): string {
  return retryAfterSeconds ? `${code}:${retryAfterSeconds}` : code;
}

export function parseSignInError(error: string | null | undefined): ParsedSignInError {
  const [code, seconds] = (error ?? '').split(':');
  const kind = KINDS.find((candidate) => candidate === code) ?? 'failed';
  const retryAfterSeconds = Number(seconds);
  return Number.isInteger(retryAfterSeconds) && retryAfterSeconds > 0
    ? { code: kind, retryAfterSeconds }
    : { code: kind };
}
