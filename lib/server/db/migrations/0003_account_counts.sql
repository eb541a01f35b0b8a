CREATE TABLE "account_counts" (
	"distributor_key" uuid NOT NULL,
	"status" text NOT NULL,
	"is_top_level" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_counts_distributor_key_status_is_top_level_pk" PRIMARY KEY("distributor_key","status","is_top_level")
);
--> statement-breakpoint
-- Keeps account_counts exact: every insert, update and delete of an account moves its count.
CREATE OR REPLACE FUNCTION account_counts_track() RETURNS trigger AS $$
DECLARE
  zero uuid := '00000000-0000-0000-0000-000000000000';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'UPDATE'
      AND NEW.distributor_id IS NOT DISTINCT FROM OLD.distributor_id
      AND NEW.status = OLD.status
      AND (NEW.parent_id IS NULL) = (OLD.parent_id IS NULL) THEN
      RETURN NULL;
    END IF;
    UPDATE account_counts SET n = n - 1
      WHERE distributor_key = coalesce(OLD.distributor_id, zero)
        AND status = OLD.status AND is_top_level = (OLD.parent_id IS NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO account_counts (distributor_key, status, is_top_level, n)
      VALUES (coalesce(NEW.distributor_id, zero), NEW.status, NEW.parent_id IS NULL, 1)
      ON CONFLICT (distributor_key, status, is_top_level) DO UPDATE SET n = account_counts.n + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER accounts_count AFTER INSERT OR UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION account_counts_track();
--> statement-breakpoint
INSERT INTO account_counts (distributor_key, status, is_top_level, n)
  SELECT coalesce(distributor_id, '00000000-0000-0000-0000-000000000000'), status, parent_id IS NULL, count(*)
  FROM accounts GROUP BY 1, 2, 3;
