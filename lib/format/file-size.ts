import { cachedNumberFormat, type FormatLocale } from './intl-locale';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** `1536` → "1,5 KB" (de) / "1.5 KB" (en): binary steps of 1024, as file managers show them. */
export function formatFileSize(bytes: number, locale: FormatLocale = 'de'): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${cachedNumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}
