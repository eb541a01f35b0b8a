/** The app's locales ('de', 'en') or any BCP 47 tag; app locales map to de-DE / en-GB. */
export type FormatLocale = 'de' | 'en' | (string & {});

// The same values as lib/i18n/config (a test keeps them equal): lib/format imports nothing, so the
// API side (CSV export) may use it without depending on UI code.
export const FORMAT_INTL_LOCALES: Record<'de' | 'en', string> = { de: 'de-DE', en: 'en-GB' };
export const FORMAT_TIME_ZONE = 'Europe/Berlin';

export function intlLocale(locale: FormatLocale = 'de'): string {
  return FORMAT_INTL_LOCALES[locale as 'de' | 'en'] ?? locale;
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** Building an Intl formatter costs far more than using one; a list page formats hundreds of cells. */
export function cachedNumberFormat(locale: FormatLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${intlLocale(locale)}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    cache.set(key, format);
  }
  return format;
}

export function cachedDateTimeFormat(locale: FormatLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${intlLocale(locale)}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: FORMAT_TIME_ZONE, ...options });
    cache.set(key, format);
  }
  return format;
}
