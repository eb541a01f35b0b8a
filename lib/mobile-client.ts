/** What the page reads of the request: the `get` of `Headers` or of Next's `headers()`. */
export interface HeaderSource {
  get(name: string): string | null;
}

/**
 * Whether the request comes from a phone, by what the browser says of itself: Chromium's
 * `Sec-CH-UA-Mobile: ?1` (a low-entropy client hint, sent without asking), else "Mobi" in the
 * User-Agent (what Safari, Firefox and older browsers on phones send). For presentation only: a
 * client that lies gets the other layout, nothing more.
 */
export function isMobileClient(headers: HeaderSource): boolean {
  const hint = headers.get('sec-ch-ua-mobile');
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi/.test(headers.get('user-agent')?.slice(0, 1000) ?? '');
}
