/**
 * Zod's locales as the browser bundle sees them (next.config.ts aliases zod's internal
 * `../locales/index.js` here for the browser): zod re-exports every one of its ~50 locales as a
 * namespace (`z.locales`, `z.core.locales`), which Turbopack cannot tree-shake, so each form page
 * shipped ~36 kB (gzip) of Arabic to Vietnamese error texts. The UI speaks German and English
 * only, and reads zod's texts through lib/format/zod-error-map.ts, which imports these two.
 */
export { default as de } from 'zod/v4/locales/de.js';
export { default as en } from 'zod/v4/locales/en.js';
