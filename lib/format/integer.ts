/**
 * A whole number as a reader of `locale` writes it (de: 1.234.567, en: 1,234,567), without Intl. The
 * first Intl formatter a page constructs in the browser costs ~25 ms of the main thread (ICU's locale
 * data), 100 ms on Lighthouse's slow phone: the lists' bulk bar did it while hydrating, for counts
 * that are plain digits (issue 50). For the app's two locales; `integer.test.ts` holds it
 * to Intl.NumberFormat.
 */
export function formatInteger(value: number, locale: string): string {
  const digits = String(Math.trunc(Math.abs(value)));
  const separator = locale.startsWith('de') ? '.' : ',';
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return value < 0 && digits !== '0' ? `-${grouped}` : grouped;
}
