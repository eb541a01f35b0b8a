/** @jest-environment node */
import { encodeSignInError, parseSignInError } from './sign-in-error';

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
});
