import type { Locale } from '@/lib/schemas/auth';

export const DEFAULT_LOCALE: Locale = 'de';
export const LOCALE_COOKIE = 'NEXT_LOCALE';
export const INTL_LOCALE: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };
export const TIME_ZONE = 'Europe/Berlin';
