import { cachedNumberFormat, type FormatLocale } from './intl-locale';

/** Integer cents → "1.234,56 €" (de) / "€1,234.56" (en). Intl puts a no-break space before the €. */
export function formatMoney(cents: number, locale: FormatLocale = 'de'): string {
  return cachedNumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** Integer cents → the text a money input shows: "1.234,56" (de) / "1,234.56" (en), no currency sign. */
export function formatMoneyInput(cents: number | null | undefined, locale: FormatLocale = 'de'): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  return cachedNumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

const SPACES = /[\s\u00a0\u202f]/g;
const CURRENCY = /€|eur$|^eur/gi;

/**
 * Euro text → integer cents, or `null` when the text is not an amount (empty included).
 *
 * A separator followed by one or two digits at the end is the decimal separator; one followed by
 * groups of three digits is a thousands separator — except the locale's own decimal separator,
 * which is never read as grouping. So in German "12,5", "12", "1.234,56", "1.234" and "1234.56"
 * all work; "1,234" (three decimals) and "12,345,6" are refused rather than guessed.
 */
export function parseMoney(text: string | null | undefined, locale: FormatLocale = 'de'): number | null {
  if (typeof text !== 'string') return null;
  let value = text.replace(SPACES, '').replace(CURRENCY, '');
  let sign = 1;
  if (value.startsWith('-') || value.startsWith('\u2212')) {
    sign = -1;
    value = value.slice(1);
  }
  if (!/^\d[\d.,]*$/.test(value) || /[.,]$/.test(value)) return null;

  const localeDecimal = cachedNumberFormat(locale, {}).format(1.5).includes(',') ? ',' : '.';
  const lastSeparator = Math.max(value.lastIndexOf('.'), value.lastIndexOf(','));
  let integerPart = value;
  let fraction = '';

  if (lastSeparator >= 0) {
    const separator = value[lastSeparator] as '.' | ',';
    const other = separator === '.' ? ',' : '.';
    const tail = value.slice(lastSeparator + 1);
    const isSingle = !value.includes(other) && value.indexOf(separator) === lastSeparator;
    const isDecimal = value.includes(other) || (isSingle && (separator === localeDecimal || tail.length !== 3));
    let grouping: string = separator;
    if (isDecimal) {
      if (tail.length > 2) return null;
      fraction = tail;
      integerPart = value.slice(0, lastSeparator);
      if (integerPart.includes(separator)) return null;
      grouping = other;
    }
    if (integerPart.includes(grouping)) {
      if (!new RegExp(`^\\d{1,3}(\\${grouping}\\d{3})+$`).test(integerPart)) return null;
      integerPart = integerPart.split(grouping).join('');
    }
  }

  const cents = Number(integerPart) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign * cents || 0;
}
