import { parseThemePreference, type ThemePreference } from '@/lib/schemas/themes';

/**
 * The dark theme (issue 27) rests on Bootstrap 5.3's colour modes: `data-bs-theme` on `<html>`.
 * The server renders the user's choice as `data-theme-choice` and the colour mode it already knows
 * (`dark` for Dunkel, else `light`); for "System" only the browser knows, so THEME_SCRIPT, inline
 * in `<head>`, sets the mode before the first paint and keeps it in step afterwards.
 */
export const THEME_CHOICE_ATTRIBUTE = 'data-theme-choice';
export const COLOUR_MODE_ATTRIBUTE = 'data-bs-theme';

export type ColourMode = 'light' | 'dark';

/** The attributes of `<html>`: the choice, and the colour mode as far as the server can tell. */
export function htmlThemeAttributes(choice: ThemePreference): {
  [THEME_CHOICE_ATTRIBUTE]: ThemePreference;
  [COLOUR_MODE_ATTRIBUTE]: ColourMode;
} {
  return { [THEME_CHOICE_ATTRIBUTE]: choice, [COLOUR_MODE_ATTRIBUTE]: choice === 'dark' ? 'dark' : 'light' };
}

/**
 * Runs in `<head>` before the body is parsed (with the page's CSP nonce), so no page is ever
 * painted in the wrong mode: "System" follows `prefers-color-scheme`, also when it changes while
 * the page is open; a changed `data-theme-choice` (the user menu, the profile, or React rendering
 * the layout again) applies at once, and a colour mode React writes back is corrected before the
 * next paint (a MutationObserver's callback is a microtask, run before the browser paints). Printing is always light.
 * Plain ES5 without dependencies: it is the script's text that is inlined.
 */
export const THEME_SCRIPT = `(function(){var r=document.documentElement,m=window.matchMedia('(prefers-color-scheme: dark)'),p=false;function a(){var c=r.getAttribute('${THEME_CHOICE_ATTRIBUTE}'),t=p?'light':c==='light'||c==='dark'?c:m.matches?'dark':'light';if(r.getAttribute('${COLOUR_MODE_ATTRIBUTE}')!==t)r.setAttribute('${COLOUR_MODE_ATTRIBUTE}',t)}a();m.addEventListener('change',a);window.addEventListener('beforeprint',function(){p=true;a()});window.addEventListener('afterprint',function(){p=false;a()});new MutationObserver(a).observe(r,{attributes:true,attributeFilter:['${THEME_CHOICE_ATTRIBUTE}','${COLOUR_MODE_ATTRIBUTE}']})})();`;

/** The choice the page shows now (what the server rendered, or what the user chose since). */
export function readThemeChoice(root: HTMLElement = document.documentElement): ThemePreference {
  return parseThemePreference(root.getAttribute(THEME_CHOICE_ATTRIBUTE));
}

/** Shows a new choice at once; THEME_SCRIPT turns it into the colour mode. */
export function showThemeChoice(choice: ThemePreference, root: HTMLElement = document.documentElement): void {
  root.setAttribute(THEME_CHOICE_ATTRIBUTE, choice);
}

/** Calls `onChange` whenever the choice on `<html>` changes (for useSyncExternalStore). */
export function subscribeToThemeChoice(onChange: () => void, root: HTMLElement = document.documentElement) {
  const observer = new MutationObserver(onChange);
  observer.observe(root, { attributes: true, attributeFilter: [THEME_CHOICE_ATTRIBUTE] });
  return () => observer.disconnect();
}
