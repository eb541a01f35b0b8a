// The list page's check box normalises in the browser: this module must load neither Zod (~50 kB
// gzip) nor `punycode` (issue 15).
jest.mock('zod', () => {
  throw new Error('whitelist-normalise must not load zod');
});
jest.mock('punycode/', () => {
  throw new Error('whitelist-normalise must not load punycode');
});

import { normaliseEmail, normaliseWhitelistValue } from './whitelist-normalise';

it('normalises without Zod or punycode', () => {
  expect(normaliseEmail(' Max@Bäcker.DE')).toBe('max@xn--bcker-gra.de');
  expect(normaliseWhitelistValue('Bäcker.de')).toEqual({ ok: true, kind: 'domain', value: 'xn--bcker-gra.de' });
});
