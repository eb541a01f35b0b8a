/** @jest-environment node */
import { normalizeError } from './normalize-error';

describe('normalizeError', () => {
  it('takes statusCode first', () => {
    expect(normalizeError({ message: 'Nope', statusCode: 404, status: 400 })).toEqual({ message: 'Nope', statusCode: 404 });
  });

  it('falls back to status, then the response status', () => {
    expect(normalizeError({ message: 'x', status: 403 })).toEqual({ message: 'x', statusCode: 403 });
    expect(normalizeError({ response: { status: 502, data: { message: 'Bad gateway' } } })).toEqual({
      message: 'Bad gateway',
      statusCode: 502,
    });
  });

  it('defaults to 500', () => {
    expect(normalizeError(new Error('Boom'))).toEqual({ message: 'Boom', statusCode: 500 });
    expect(normalizeError('text')).toEqual({ message: 'text', statusCode: 500 });
    expect(normalizeError(undefined)).toEqual({ message: '', statusCode: 500 });
    expect(normalizeError(null)).toEqual({ message: '', statusCode: 500 });
  });

  it('ignores status values that are not HTTP status codes', () => {
    expect(normalizeError({ statusCode: 'abc', status: 99 }).statusCode).toBe(500);
    expect(normalizeError({ statusCode: 1000 }).statusCode).toBe(500);
    expect(normalizeError({ statusCode: '404' }).statusCode).toBe(404);
  });
});
