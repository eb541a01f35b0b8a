import { LOCALES, type Locale } from '@/lib/schemas/locales';
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
  const preferences = (input.acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.language && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const match = preferences.find((entry) => isLocale(entry.language));
  return match ? (match.language as Locale) : DEFAULT_LOCALE;
}
