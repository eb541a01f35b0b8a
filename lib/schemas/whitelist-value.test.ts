import { displayWhitelistValue, normaliseWhitelistValue, toAsciiDomain } from './whitelist-value';

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
