import { cachedDateTimeFormat, type FormatLocale } from './intl-locale';

export type DateInput = string | number | Date | null | undefined;

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** ISO string or Date → "21.11.2026" (de) / "21/11/2026" (en), in Europe/Berlin; "" when missing or invalid. */
export function formatDate(value: DateInput, locale: FormatLocale = 'de'): string {
  const date = toDate(value);
  return date ? cachedDateTimeFormat(locale, DATE).format(date) : '';
}

/** → "21.11.2026, 14:30" (de) / "21/11/2026, 14:30" (en), in Europe/Berlin; "" when missing or invalid. */
export function formatDateTime(value: DateInput, locale: FormatLocale = 'de'): string {
  const date = toDate(value);
  return date ? cachedDateTimeFormat(locale, DATE_TIME).format(date) : '';
}
