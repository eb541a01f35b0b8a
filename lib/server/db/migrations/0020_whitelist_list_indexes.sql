-- The whitelist list (issue 24) at 250,000 entries on PGlite, where a slow statement holds the event
-- loop. Every order the list offers is read from an index in both directions, with and without the
-- account filter (the default order without it: 0018), and its search from a trigram index:
-- - "gültig bis": ORDER BY valid_until ASC NULLS LAST / DESC NULLS FIRST (no date = valid for ever),
--   then value and id: each page sorted all entries (470–630 ms), now an index scan;
-- - one account's entries (its Whitelist tab, the list after an import of 50,000 rows) by value,
--   validUntil or creation: the list walked the whole value index for them (0.7–1 s), now it reads
--   that account's part of these indexes (by kind: whitelist_entries_value_key, by account: by value);
-- - the search `q` looks in value || E'\n' || lower(note) (lib/server/services/whitelist/whitelist-query.ts,
--   the same expression): a term of 3 or more characters reads only the entries that hold its
--   trigrams, not all of them (0.3–1.8 s for a term few entries hold).
CREATE INDEX IF NOT EXISTS "whitelist_entries_valid_until_idx" ON "whitelist_entries" USING btree ("valid_until","value","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "whitelist_entries_account_value_idx" ON "whitelist_entries" USING btree ("account_id","value","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "whitelist_entries_account_valid_until_idx" ON "whitelist_entries" USING btree ("account_id","valid_until","value","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "whitelist_entries_account_created_idx" ON "whitelist_entries" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "whitelist_entries_list_search_trgm" ON "whitelist_entries" USING gin (("value" || E'\n' || lower("note")) gin_trgm_ops);--> statement-breakpoint
-- The statistics of the search's expression (ANALYZE gathers them for an expression index; nothing
-- else does, and PGlite runs no autovacuum): without them the planner guessed few matches for any
-- term and read every match of a common one before sorting (0.6 s for "example" at 250,000 entries).
ANALYZE "whitelist_entries";
