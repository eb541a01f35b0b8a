/** @jest-environment node */
import { tokenProblemOf } from './token-problem';

const error = (statusCode: number, details?: { path: string; message: string }[]) => ({
  statusCode,
  code: 'bad_request' as const,
  message: 'Der Link ist ungültig.',
  details,
});

describe('tokenProblemOf', () => {
  it('reads the API’s verdict on the token', () => {
    expect(tokenProblemOf(error(400, [{ path: 'token', message: 'expired' }]))).toBe('expired');
    expect(tokenProblemOf(error(400, [{ path: 'token', message: 'used' }]))).toBe('used');
    expect(tokenProblemOf(error(400, [{ path: 'token', message: 'invalid' }]))).toBe('invalid');
  });

  it('treats a malformed token (422 on token) and a bare 400 as an invalid link', () => {
    expect(tokenProblemOf(error(422, [{ path: 'token', message: 'Too small' }]))).toBe('invalid');
    expect(tokenProblemOf(error(422, [{ path: '/token', message: 'Too small' }]))).toBe('invalid');
    expect(tokenProblemOf(error(400))).toBe('invalid');
  });

  it('leaves other refusals to the form', () => {
    expect(tokenProblemOf(error(422, [{ path: 'password', message: 'Zu häufig verwendet.' }]))).toBeNull();
    expect(tokenProblemOf(error(429))).toBeNull();
    expect(tokenProblemOf(error(503))).toBeNull();
  });
});
