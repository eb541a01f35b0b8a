/**
 * The query string of links and API calls, in a module of its own: the browser's API clients need
 * it, and importing it from `lib/hrefs.ts` brought every route's link builder along (~0.5 KiB gzip
 * on the lists and detail pages, issue 30).
 */

export type QueryValue = string | number | boolean | undefined | null;

/** A query string of the set values (empty ones left out), for API calls and links alike. */
export function toQueryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
