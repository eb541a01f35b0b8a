/** @jest-environment node */
import { encodeMfaRequired, encodeSignInError, parseSignInError } from './sign-in-error';

describe('sign-in errors', () => {
  it('round-trips a code with the seconds left', () => {
    expect(parseSignInError(encodeSignInError('locked', 840))).toEqual({ code: 'locked', retryAfterSeconds: 840 });
    expect(parseSignInError(encodeSignInError('invalid'))).toEqual({ code: 'invalid' });
  });

  it('reads anything unknown as a generic failure', () => {
    expect(parseSignInError('CredentialsSignin')).toEqual({ code: 'failed' });
    expect(parseSignInError(undefined)).toEqual({ code: 'failed' });
    expect(parseSignInError('locked:-5')).toEqual({ code: 'locked' });
  });

  it('carries the second step: the methods and the mfa_token', () => {
    const token = 'a'.repeat(43);
    expect(parseSignInError(encodeMfaRequired(token, ['totp', 'recovery_code']))).toEqual({
      code: 'mfa_required',
      mfaToken: token,
      methods: ['totp', 'recovery_code'],
    });
    expect(parseSignInError(encodeMfaRequired(token, ['webauthn', 'made-up']))).toEqual({
      code: 'mfa_required',
      mfaToken: token,
      methods: ['webauthn'],
    });
    // A token that is not base64url, or too short, is no challenge.
    expect(parseSignInError('mfa:totp:<script>')).toEqual({ code: 'failed' });
    expect(parseSignInError('mfa:totp:abc')).toEqual({ code: 'failed' });
  });

  it('names the second step’s refusals', () => {
    expect(parseSignInError(encodeSignInError('code_invalid'))).toEqual({ code: 'code_invalid' });
    expect(parseSignInError(encodeSignInError('mfa_expired'))).toEqual({ code: 'mfa_expired' });
  });
});
