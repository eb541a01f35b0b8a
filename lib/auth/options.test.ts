/** @jest-environment node */

import { getAuthOptions } from './options';

beforeAll(() => {
  process.env.NEXTAUTH_SECRET ??= 'options-test-secret-0123456789-0123456789';
});

describe('the sign-in redirect callback', () => {
  const redirect = (args: { url: string; baseUrl: string }) => getAuthOptions().callbacks!.redirect!(args);
  const baseUrl = 'https://benefits.example.com';

  it.each([
    ['/accounts/?page=2', `${baseUrl}/accounts/?page=2`],
    ['/login/?reason=signed-out', `${baseUrl}/login/?reason=signed-out`],
    [`${baseUrl}/benutzer/`, `${baseUrl}/benutzer/`],
  ])('keeps the in-app path %s', async (url, expected) => {
    expect(await redirect({ url, baseUrl })).toBe(expected);
  });

  it.each([
    '%2F%2Fevil.com',
    '\\\\evil.com',
    '/／／evil.com',
    'https://benefits.example.com.evil.com/',
    '//evil.com/',
    'javascript:alert(1)',
    '',
    'http://[::1',
  ])('sends the hostile %s home without throwing', async (url) => {
    expect(await redirect({ url, baseUrl })).toBe(`${baseUrl}/`);
  });
});
