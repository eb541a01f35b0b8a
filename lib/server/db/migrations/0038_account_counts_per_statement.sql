-- account_counts moved once per inserted account (0003): in one transaction of many inserts (the
-- account import, issue 49) every move left a row version of the same few counters behind, which
-- the next move had to walk past, so each insert statement was slower than the one before (a 200-row
-- statement spent 6 ms in the trigger at the start of a 50,000-row import and ~200 ms at 24,000).
-- Inserts now move each counter once per statement, by the statement's own count; updates and
-- deletes keep the row trigger (they come one at a time).
CREATE OR REPLACE FUNCTION account_counts_track_inserts() RETURNS trigger AS $$
BEGIN
  INSERT INTO account_counts (distributor_key, status, is_top_level, n)
    SELECT coalesce(distributor_id, '00000000-0000-0000-0000-000000000000'), status, parent_id IS NULL, count(*)
    FROM inserted_accounts
    GROUP BY 1, 2, 3
    ON CONFLICT (distributor_key, status, is_top_level) DO UPDATE SET n = account_counts.n + EXCLUDED.n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER accounts_count ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_count AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION account_counts_track();
--> statement-breakpoint
CREATE TRIGGER accounts_count_inserts AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS inserted_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION account_counts_track_inserts();
