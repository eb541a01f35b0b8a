import { LOCALES, preferredLocale, type Locale } from '@/lib/schemas/locales';
import { DEFAULT_LOCALE } from './config';

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/**
 * The UI language: the visitor's explicit choice (cookie), else the signed-in user's profile
 * language, else the browser's preference, else German.
 */
export function negotiateLocale(input: {
  cookie?: string | null;
  userLocale?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  if (isLocale(input.userLocale)) return input.userLocale;
  return preferredLocale(input.acceptLanguage) ?? DEFAULT_LOCALE;
}
