-- Global search (issue 27). search_fold() is the one normal form of searched text, on both sides of
-- a comparison: lower case by ICU (so Ä, É and ẞ fold too, whatever the column's collation), the
-- umlauts spelled out (ä → ae, ö → oe, ü → ue, ß → ss: "Mueller" and "Müller" are both "mueller"),
-- other accents dropped. lib/search/fold.ts does the same to the search term.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text AS $$
  SELECT translate(
    replace(replace(replace(replace(lower(value COLLATE "und-x-icu"), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'),
    'àáâãåāăąèéêëēėęěìíîïīįòóôõøōőùúûūůűųýÿçćčñńňśšźżžłđ',
    'aaaaaaaaeeeeeeeeiiiiiiooooooouuuuuuuyycccnnnsszzzld'
  )
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
CREATE INDEX "accounts_search_trgm" ON "accounts" USING gin (search_fold("name" || ' ' || "city" || ' ' || "customer_number" || ' ' || coalesce("vat_id", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_search_name_idx" ON "accounts" USING btree ((search_fold("name") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (search_fold("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_search_trgm" ON "tasks" USING gin (search_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_search_trgm" ON "documents" USING gin (search_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "whitelist_entries_search_trgm" ON "whitelist_entries" USING gin (search_fold("value") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "whitelist_entries_search_value_idx" ON "whitelist_entries" USING btree ((search_fold("value") COLLATE "C"));
