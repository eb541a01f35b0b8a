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
-- The folded text is stored (generated columns), not computed on each read: folding with ICU costs
-- ~40 µs a value, too much to recheck and rank hundreds of candidates per keystroke. The trigram
-- indexes serve "contains" and "word start", the B-trees in the C collation "starts with".
ALTER TABLE "accounts" ADD COLUMN "search_name" text COLLATE "C" GENERATED ALWAYS AS (search_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "search_text" text COLLATE "C" GENERATED ALWAYS AS (search_fold("name" || ' ' || "city" || ' ' || "customer_number" || ' ' || coalesce("vat_id", ''))) STORED;--> statement-breakpoint
ALTER TABLE "whitelist_entries" ADD COLUMN "search_value" text COLLATE "C" GENERATED ALWAYS AS (search_fold("value")) STORED;--> statement-breakpoint
CREATE INDEX "accounts_search_trgm" ON "accounts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_search_name_idx" ON "accounts" USING btree ("search_name");--> statement-breakpoint
CREATE INDEX "whitelist_entries_search_trgm" ON "whitelist_entries" USING gin ("search_value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "whitelist_entries_search_value_idx" ON "whitelist_entries" USING btree ("search_value");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text COLLATE "C" GENERATED ALWAYS AS (search_fold("first_name" || ' ' || "last_name" || ' ' || "email")) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_title" text COLLATE "C" GENERATED ALWAYS AS (search_fold("title")) STORED;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search_title" text COLLATE "C" GENERATED ALWAYS AS (search_fold("title")) STORED;--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_search_trgm" ON "tasks" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_search_trgm" ON "documents" USING gin ("search_title" gin_trgm_ops);
