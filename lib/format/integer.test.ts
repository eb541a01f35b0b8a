/** @jest-environment node */
import { formatInteger } from './integer';

describe('formatInteger', () => {
  const values = [0, 7, 42, 999, 1000, 1234, 10_000, 99_999, 100_000, 1_234_567, 50_000, -1, -1234, -999_999];
  it.each(['de', 'de-DE', 'en', 'en-GB'])('writes whole numbers as Intl.NumberFormat does in %s', (locale) => {
    const intl = new Intl.NumberFormat(locale.startsWith('de') ? 'de' : 'en');
    for (const value of values) expect(formatInteger(value, locale)).toBe(intl.format(value));
  });
});
