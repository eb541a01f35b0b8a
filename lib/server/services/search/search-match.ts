import 'server-only';
import { type SQL, or, sql } from 'drizzle-orm';
import { escapeLike } from '@/lib/server/db/escape-like';

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
 */
export function searchMatch(document: SQL, fields: SQL[], terms: { phrase: string; words: string[] }) {
  const match = sql.join(
    terms.words.map((word) => wordCondition(document, word)),
    sql` and `,
  );
  const prefix = `${escapeLike(terms.phrase)}%`;
  const wordStart = `(^|[^a-z0-9])${escapeRegex(terms.phrase)}`;
  const rank = sql<number>`(case
    when ${sql.join(
      fields.map((field) => sql`${field} like ${prefix}`),
      sql` or `,
    )} then 0
    when ${sql.join(
      fields.map((field) => sql`${field} ~ ${wordStart}`),
      sql` or `,
    )} then 1
    else 2 end)`;
  return { match: sql`(${match})`, rank };
}

function wordCondition(document: SQL, word: string): SQL {
  const escaped = escapeLike(word);
  if (word.length >= 3) return sql`${document} like ${`%${escaped}%`}`;
  return or(
    sql`${document} like ${`${escaped}%`}`,
    sql`${document} like ${`% ${escaped}%`}`,
    sql`${document} like ${`%-${escaped}%`}`,
  ) as SQL;
}

/** Every character but letters and digits escaped: in PostgreSQL's regular expressions `\` before one of those is that character. */
export function escapeRegex(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, (char) => `\\${char}`);
}

/** `search_fold(expr)`, the SQL function of migration 0012. */
export const fold = (expression: SQL | unknown) => sql`search_fold(${expression})`;
