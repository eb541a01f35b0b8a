import type { z } from 'zod';
import { errorBodySchema, ERROR_CODES as COMMON_ERROR_CODES } from './common';
import { ERROR_CODES, isErrorBody, type ErrorBody } from './error-body';

type SchemaBody = z.output<typeof errorBodySchema>;

const valid = { statusCode: 422, code: 'validation_failed', message: 'Ungültig' };

describe('isErrorBody', () => {
  it('has the type of errorBodySchema, both ways (the compiler checks the two functions)', () => {
    const fromSchema = (body: SchemaBody): ErrorBody => body;
    const toSchema = (body: ErrorBody): SchemaBody => body;
    expect(toSchema(fromSchema(errorBodySchema.parse(valid)))).toEqual(valid);
  });

  it('is re-exported by ./common', () => {
    expect(COMMON_ERROR_CODES).toBe(ERROR_CODES);
  });

  it.each<[string, unknown]>([
    ['the least body', valid],
    ['every code', { ...valid, code: 'storage_unavailable' }],
    ['details', { ...valid, details: [{ path: 'value', message: 'x', code: 'tooLong', params: { maximum: 200 } }] }],
    ['details with string params', { ...valid, details: [{ path: '', message: 'x', params: { field: 'a' } }] }],
    ['empty details', { ...valid, details: [] }],
    ['retryAfterSeconds', { ...valid, retryAfterSeconds: 30 }],
    ['current and extra keys', { ...valid, current: { version: 2 }, extra: true }],
    ['an unknown code', { ...valid, code: 'teapot' }],
    ['an inherited key as code', { ...valid, code: 'toString' }],
    ['no message', { statusCode: 422, code: 'validation_failed' }],
    ['a fractional status', { ...valid, statusCode: 422.5 }],
    ['a status as text', { ...valid, statusCode: '422' }],
    ['details no array', { ...valid, details: { path: 'a', message: 'b' } }],
    ['a detail without path', { ...valid, details: [{ message: 'b' }] }],
    ['a detail with a numeric code', { ...valid, details: [{ path: 'a', message: 'b', code: 1 }] }],
    ['params with a boolean', { ...valid, details: [{ path: 'a', message: 'b', params: { x: true } }] }],
    ['params as an array', { ...valid, details: [{ path: 'a', message: 'b', params: [1] }] }],
    ['a fractional retry', { ...valid, retryAfterSeconds: 1.5 }],
    ['null', null],
    ['an array', [valid]],
    ['a string', 'internal'],
  ])('agrees with errorBodySchema: %s', (_name, body) => {
    expect(isErrorBody(body)).toBe(errorBodySchema.safeParse(body).success);
  });

  it('accepts a valid body and refuses an unknown code', () => {
    expect(isErrorBody(valid)).toBe(true);
    expect(isErrorBody({ ...valid, code: 'teapot' })).toBe(false);
  });
});
