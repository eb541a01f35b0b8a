/**
 * The normal form of searched text (issue 27), the same as the SQL function `search_fold()` of
 * migration 0012: lower case, the umlauts spelled out (ä → ae, ö → oe, ü → ue, ß → ss), other
 * accents dropped. Both sides of a comparison are folded, so "Mueller" finds "Müller" and the other
 * way round, "Strasse" finds "Straße". Plain data, no imports: the browser may use it too.
 */
const ACCENTED = 'àáâãåāăąèéêëēėęěìíîïīįòóôõøōőùúûūůűųýÿçćčñńňśšźżžłđ';
const PLAIN = 'aaaaaaaaeeeeeeeeiiiiiiooooooouuuuuuuyycccnnnsszzzld';
const SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

export function foldGerman(text: string): string {
  let folded = '';
  for (const char of text.normalize('NFC').toLowerCase()) {
    const spelled = SPELLED[char];
    if (spelled) folded += spelled;
    else {
      const index = ACCENTED.indexOf(char);
      folded += index >= 0 ? PLAIN[index] : char;
    }
  }
  return folded;
}

/** The shortest search the API answers, and the longest it reads. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Words of a search beyond this many are ignored. */
export const SEARCH_MAX_WORDS = 5;
/** Hits per kind. */
export const SEARCH_LIMIT = 5;

/**
 * The folded phrase and its words (at most SEARCH_MAX_WORDS): "Müller  Bremerhaven" →
 * `{ phrase: 'mueller bremerhaven', words: ['mueller', 'bremerhaven'] }`. Each word must occur in the
 * record; the whole phrase ranks it.
 */
export function searchTerms(q: string): { phrase: string; words: string[] } {
  const words = foldGerman(q).trim().split(/\s+/).filter(Boolean).slice(0, SEARCH_MAX_WORDS);
  return { phrase: words.join(' '), words };
}
