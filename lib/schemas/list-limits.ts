// Plain constants without zod: the list toolbar on every list page imports them (through
// lib/list-params), and zod would add ~90 kB (gzip) to that page's JavaScript.
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
