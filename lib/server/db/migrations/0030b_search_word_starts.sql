-- Issue 45: a short word of the global search (one or two characters) matches at the start of a word
-- (`LIKE 'wo%' OR LIKE '% wo%' OR LIKE '%-wo%'`, lib/server/services/search/search-match.ts). No trigram
-- index serves that exactly: "de" has the trigrams of every word starting with "de" ("  d", " de"), and
-- pg_trgm counts "." and "@" as word breaks too, so every e-mail address ending in ".de" is a candidate
-- to recheck. A manager's "de" over 52,000 whitelist entries read all 52,000 of them (~125 ms on PGlite,
-- the whole time on the event loop). search_word_starts() is the set of the first one and two characters
-- of every word as the LIKE patterns see words (split at spaces and dashes); a GIN index over it finds
-- exactly the records with such a word start, and the LIKE patterns stay as the exact check.
CREATE FUNCTION search_word_starts(value text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT v.p), '{}'::text[])
  FROM regexp_split_to_table(value, '[ -]') w
  CROSS JOIN LATERAL (VALUES (left(w, 1)), (left(w, 2))) v(p)
  WHERE w <> ''
$$;--> statement-breakpoint
CREATE INDEX "whitelist_entries_search_word_starts" ON "whitelist_entries" USING gin (search_word_starts("search_value"));--> statement-breakpoint
CREATE INDEX "accounts_search_word_starts" ON "accounts" USING gin (search_word_starts("search_text"));
