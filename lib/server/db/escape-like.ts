/** `%` and `_` in a search term are literal characters, not wildcards (`LIKE … ESCAPE '\'`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}
