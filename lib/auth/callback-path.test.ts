/** @jest-environment node */
import { isSafeCallbackPath, safeCallbackPath } from './callback-path';

describe('safeCallbackPath', () => {
  const valid = [
    '/',
    '/accounts/',
    '/accounts/3f0e6a52-8a57-4c5e-9d0e-1a2b3c4d5e6f/edit/',
    '/accounts/?tab=vertrieb&page=2',
    '/historie/?q=M%C3%BCller&from=2026-01-01',
    '/tasks/#open',
    '/benutzer/?sort=lastName&order=desc#top',
    '/whitelist/@domain/',
    '/a-b_c~d%20e/',
  ];
  it.each(valid)('accepts %s', (path) => {
    expect(isSafeCallbackPath(path)).toBe(true);
    expect(safeCallbackPath(path)).toBe(path);
  });

  const hostile: Array<[string, unknown]> = [
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/accounts/'],
    ['backslash', '/\\evil.com'],
    ['double backslash', '\\\\evil.com'],
    ['encoded slash', '/%2F%2Fevil.com'],
    ['encoded slash lower case', '/%2f%2fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['double-encoded slashes', '/%252F%252Fevil.com'],
    ['triple slash', '///evil.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript scheme after slash', '/javascript:alert(1)'],
    ['encoded javascript scheme', '/%6Aavascript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['https URL', 'https://evil.com/'],
    ['http URL', 'http://localhost:3000/'],
    ['scheme-relative with colon', '/https://evil.com'],
    ['tab trick', '/\t/evil.com'],
    ['newline trick', '/\n/evil.com'],
    ['encoded tab', '/%09/evil.com'],
    ['encoded newline', '/%0A/evil.com'],
    ['encoded null byte', '/accounts/%00'],
    ['carriage return in query', '/accounts/?a=\r\nSet-Cookie:x'],
    ['space', '/ /evil.com'],
    ['over-long', `/${'a'.repeat(3000)}`],
    ['empty', ''],
    ['relative path', 'accounts/'],
    ['dot path', '../accounts/'],
    ['fullwidth solidus look-alike', '/\uFF0Fevil.com'],
    ['unicode division slash', '/\u2215evil.com'],
    ['cyrillic letters', '/\u0430ccounts/'],
    ['encoded unicode look-alike', '/%EF%BC%8Fevil.com'],
    ['malformed escape', '/%E0%A4%A'],
    ['at-sign host trick', '//user@evil.com'],
    ['a number', 42],
    ['null', null],
    ['an array', ['/accounts/']],
  ];
  it.each(hostile)('refuses %s', (_name, input) => {
    expect(isSafeCallbackPath(input)).toBe(false);
    expect(safeCallbackPath(input)).toBe('/');
  });

  it('never sends a signed-in user back to the sign-in page', () => {
    expect(safeCallbackPath('/login/')).toBe('/');
    expect(safeCallbackPath('/login/?callbackUrl=/accounts/')).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeCallbackPath('//evil.com', '')).toBe('');
  });
});
