/** @jest-environment node */
import { formatMoney, formatMoneyInput, parseMoney } from './money';

/** Intl writes a no-break space (U+00A0) before the €; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats cents in German and English', () => {
    expect(plain(formatMoney(123456))).toBe('1.234,56 €');
    expect(formatMoney(123456)).toBe('1.234,56\u00a0€');
    expect(plain(formatMoney(5, 'de'))).toBe('0,05 €');
    expect(plain(formatMoney(-1250, 'de'))).toBe('-12,50 €');
    expect(formatMoney(123456, 'en')).toBe('€1,234.56');
  });

  it('formats the text of a money input without the currency sign', () => {
    expect(formatMoneyInput(1250)).toBe('12,50');
    expect(formatMoneyInput(123456)).toBe('1.234,56');
    expect(formatMoneyInput(123456, 'en')).toBe('1,234.56');
    expect(formatMoneyInput(null)).toBe('');
    expect(formatMoneyInput(Number.NaN)).toBe('');
  });
});

describe('parseMoney', () => {
  it.each([
    ['12,50', 1250],
    ['12,5', 1250],
    ['12', 1200],
    ['0,05', 5],
    ['1.234,56', 123456],
    ['1.234', 123400],
    ['1.234.567,8', 123456780],
    ['1234.56', 123456],
    ['1234,56', 123456],
    [' 12,50 € ', 1250],
    ['12,50\u00a0€', 1250],
    ['12,50 EUR', 1250],
    ['-3,20', -320],
    ['0', 0],
  ])('reads German %j as %d cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each(['', '   ', 'abc', '12,345', '1,234', '12,', ',5', '1.23.4', '12,345,6', '1.2345', '12a', '--1', '1e5'])(
    'refuses %j',
    (text) => {
      expect(parseMoney(text)).toBeNull();
    },
  );

  it('reads English input with the English separators', () => {
    expect(parseMoney('1,234.56', 'en')).toBe(123456);
    expect(parseMoney('1,234', 'en')).toBe(123400);
    expect(parseMoney('12.5', 'en')).toBe(1250);
    expect(parseMoney('12,50', 'en')).toBe(1250);
    expect(parseMoney('1.234', 'en')).toBeNull();
  });

  it('round-trips what formatMoneyInput writes', () => {
    for (const cents of [0, 1, 99, 100, 1250, 123456, 987654321]) {
      expect(parseMoney(formatMoneyInput(cents, 'de'), 'de')).toBe(cents);
      expect(parseMoney(formatMoneyInput(cents, 'en'), 'en')).toBe(cents);
    }
  });

  it('refuses amounts beyond safe integers and non-strings', () => {
    expect(parseMoney('999999999999999999')).toBeNull();
    expect(parseMoney(undefined)).toBeNull();
    expect(parseMoney(null)).toBeNull();
  });
});
