// Plain constants without zod: the language switch on every page imports them, and zod would
// add ~90 kB (gzip) to every page's JavaScript.
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/**
 * The supported language an `Accept-Language` header prefers most (highest q, then order), or
 * undefined when it names none of them. Shared by the UI's negotiation and the API's CSV exports.
 */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | undefined {
  const preferences = (acceptLanguage ?? '')
    .slice(0, 1000)
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.language && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return preferences.map((entry) => entry.language).find(isLocale);
}
