import { z } from './zod';
import {
  displayWhitelistValue,
  EMAIL_PATTERN,
  normaliseEmail,
  normaliseWhitelistValue,
  toAsciiDomain,
} from './whitelist-value';

describe('whitelist values', () => {
  it.each([
    ['  Bäckerei-Hansen.DE ', 'domain', 'xn--bckerei-hansen-5hb.de'],
    ['xn--bcker-gra.de', 'domain', 'xn--bcker-gra.de'],
    ['straße.de', 'domain', 'xn--strae-oqa.de'],
    ['ｅｘａｍｐｌｅ.com', 'domain', 'example.com'],
    ['example.com.', 'domain', 'example.com'],
    ['Max.Muster@Bäcker.de', 'email', 'max.muster@xn--bcker-gra.de'],
  ])('%s is a %s stored as %s', (input, kind, value) => {
    expect(normaliseWhitelistValue(input)).toEqual({ ok: true, kind, value });
  });

  it.each([
    ['', 'value_missing'],
    ['foo', 'invalid_domain'],
    ['1.2.3.4', 'invalid_domain'],
    ['-a.de', 'invalid_domain'],
    ['a b.de', 'invalid_domain'],
    ['http://a.de/', 'invalid_domain'],
    ['a@b', 'invalid_email'],
    ['@a.de', 'invalid_email'],
    ['müller@a.de', 'invalid_email'],
  ])('%s is refused: %s', (input, problem) => {
    expect(normaliseWhitelistValue(input)).toEqual({ ok: false, problem });
  });

  it('shows punycode domains in Unicode', () => {
    expect(displayWhitelistValue('domain', 'xn--bcker-gra.de')).toBe('bäcker.de');
    expect(displayWhitelistValue('email', 'a@xn--bcker-gra.de')).toBe('a@bäcker.de');
    expect(toAsciiDomain(`${'a'.repeat(64)}.de`)).toBeNull();
  });
});

describe('normaliseEmail', () => {
  // 64 + 1 + 189 = 254 characters, the most an address may have.
  const local = 'l'.repeat(64);
  const domain = (last: number) => `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(last)}.de`;

  it.each([
    [' Max.Muster@Bäcker.DE ', 'max.muster@xn--bcker-gra.de'],
    ["o'brien+news@example.com", "o'brien+news@example.com"],
    ['a@b@example.com', null],
    ['.max@example.com', null],
    ['max..muster@example.com', null],
    ['max.@example.com', null],
    ['max@example.c0m', null],
    ['max@example', null],
    [`${'l'.repeat(65)}@example.com`, null],
    [`${local}@${domain(58)}`, `${local}@${domain(58)}`],
    [`${local}@${domain(59)}`, null],
  ])('%s → %s', (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });

  it('accepts what Zod’s e-mail check accepts (its pattern, copied)', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
    const schema = z.email().max(254);
    for (const input of ['a@b.de', "o'b@x.io", 'a.b.c@d-e.f.gh', '-a@b.de', 'a-@b.de', 'a@-b.de', 'a@b.d']) {
      expect(normaliseEmail(input) !== null).toBe(schema.safeParse(input).success);
    }
  });
});
