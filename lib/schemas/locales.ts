// Plain constants without zod: the language switch on every page imports them, and zod would
// add ~90 kB (gzip) to every page's JavaScript.
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
