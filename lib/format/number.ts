import { cachedNumberFormat, type FormatLocale } from './intl-locale';

/** `1234.5` → "1.234,5" (de) / "1,234.5" (en). */
export function formatNumber(
  value: number,
  locale: FormatLocale = 'de',
  options: Intl.NumberFormatOptions = {},
): string {
  return cachedNumberFormat(locale, options).format(value);
}

/** Rates are stored in basis points: `1500` → "15 %" (de), "15%" (en); `1550` → "15,5 %". */
export function formatPercentBasisPoints(basisPoints: number, locale: FormatLocale = 'de'): string {
  return cachedNumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}
