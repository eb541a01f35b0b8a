// Plain constants without zod, like locales.ts: the user menu on every signed-in page imports them.

/** The interface's colour theme a user chose (issue 27): light, dark, or whatever the system prefers. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemePreference = 'system';

export const isThemePreference = (value: unknown): value is ThemePreference =>
  THEMES.includes(value as ThemePreference);

/** A stored or sent value as a preference; anything unknown (or missing) follows the system. */
export function parseThemePreference(value: unknown): ThemePreference {
  return isThemePreference(value) ? value : DEFAULT_THEME;
}
