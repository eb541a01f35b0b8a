import 'server-only';
import { type SQL, or, sql } from 'drizzle-orm';
import { escapeLike } from '@/lib/server/db/escape-like';

/** How a word of the search is matched: 3 or more characters anywhere, a shorter one at a word start. */
export type WordShape = 'long' | 'short';

export const wordShapes = (words: readonly string[]): WordShape[] =>
  words.map((word) => (word.length >= 3 ? 'long' : 'short'));

/**
 * The names of the search's values in its SQL (`sql.placeholder`): the statement is built once per
 * shape — which kinds, whose reach, how many words of which length — and its values are filled in
 * per search (`searchValues`), so a search does not build and compile the same SQL again.
 */
const PHRASE_PREFIX = 'phrase_prefix';
const PHRASE_WORD_START = 'phrase_word_start';
const wordValue = (index: number, part: 'any' | 'start' | 'word' | 'dash' | 'key') => `w${index}_${part}`;
const value = (name: string) => sql.placeholder(name);

/** A name (value) starting with the whole phrase: the B-tree's prefix condition. */
export const phrasePrefix = () => value(PHRASE_PREFIX);

/**
 * The SQL of the global search (issue 27) over one kind of record: `document` is the record's
 * searched text as its trigram index holds it (`search_fold(a || ' ' || b …)`, migration 0012),
 * `fields` its single fields (already folded) for the ranking.
 *
 * - **match**: every word of the search occurs in the document. A word of 3 or more characters
 *   anywhere (a trigram index serves `LIKE '%word%'`); a shorter one only at the start of a word
 *   (`LIKE 'wo%'`, `'% wo%'`, `'%-wo%'`: trigrams with the word-start padding), since two letters
 *   anywhere would match almost everything and no index serves that.
 * - **rank**: 0 when a field starts with the whole phrase, 1 when a word of a field does, else 2.
 *
 * The values are placeholders; `searchValues(terms)` gives them.
 */
export function searchMatch(
  document: SQL,
  fields: SQL[],
  shapes: readonly WordShape[],
  { wordStartIndex }: { wordStartIndex: boolean },
) {
  const match = sql.join(
    shapes.map((shape, index) => wordCondition(document, shape, index, wordStartIndex)),
    sql` and `,
  );
  const rank = sql<number>`(case
    when ${sql.join(
      fields.map((field) => sql`${field} like ${value(PHRASE_PREFIX)}`),
      sql` or `,
    )} then 0
    when ${sql.join(
      fields.map((field) => sql`${field} ~ ${value(PHRASE_WORD_START)}`),
      sql` or `,
    )} then 1
    else 2 end)`;
  return { match: sql`(${match})`, rank };
}

/**
 * A short word: its word start (`search_word_starts`, migration 0030b) narrows the records first —
 * a GIN index over it serves the big tables, where the LIKE patterns alone read every record in
 * reach — and the patterns decide. Only where that index exists (`wordStartIndex`: accounts,
 * whitelist): elsewhere PostgreSQL found the candidates by the trigram index and then computed the
 * function for each of them as a filter that decides nothing the patterns do not (the documents'
 * "ma" at the scale seed: 155 candidates, 9.6 of its 11.9 ms).
 */
function wordCondition(document: SQL, shape: WordShape, index: number, wordStartIndex: boolean): SQL {
  if (shape === 'long') return sql`${document} like ${value(wordValue(index, 'any'))}`;
  const patterns = or(
    sql`${document} like ${value(wordValue(index, 'start'))}`,
    sql`${document} like ${value(wordValue(index, 'word'))}`,
    sql`${document} like ${value(wordValue(index, 'dash'))}`,
  ) as SQL;
  if (!wordStartIndex) return sql`(${patterns})`;
  return sql`(search_word_starts(${document}) @> ${value(wordValue(index, 'key'))}::text[] and ${patterns})`;
}

/**
 * The word start a short word needs, as a text[] literal: the word up to its first space or dash (the
 * LIKE patterns' word breaks); `{}` (every record) when it starts with one, e.g. "-a".
 */
export function wordStartKey(word: string): string {
  const key = word.split(/[ -]/)[0]!.slice(0, 2);
  return key ? `{"${key.replace(/["\\]/g, '\\$&')}"}` : '{}';
}

/** The values of `searchMatch`'s and `phrasePrefix`'s placeholders for these terms. */
export function searchValues(terms: { phrase: string; words: readonly string[] }): Record<string, string> {
  const values: Record<string, string> = {
    [PHRASE_PREFIX]: `${escapeLike(terms.phrase)}%`,
    [PHRASE_WORD_START]: `(^|[^a-z0-9])${escapeRegex(terms.phrase)}`,
  };
  terms.words.forEach((word, index) => {
    const escaped = escapeLike(word);
    if (word.length >= 3) values[wordValue(index, 'any')] = `%${escaped}%`;
    else {
      values[wordValue(index, 'start')] = `${escaped}%`;
      values[wordValue(index, 'word')] = `% ${escaped}%`;
      values[wordValue(index, 'dash')] = `%-${escaped}%`;
      values[wordValue(index, 'key')] = wordStartKey(word);
    }
  });
  return values;
}

/** Every character but letters and digits escaped: in PostgreSQL's regular expressions `\` before one of those is that character. */
export function escapeRegex(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, (char) => `\\${char}`);
}
