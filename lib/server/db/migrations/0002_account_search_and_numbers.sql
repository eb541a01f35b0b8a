-- Customer numbers K-000001 … K-999999, then K-1000000 and on: lpad alone would cut them short.
CREATE OR REPLACE FUNCTION next_customer_number() RETURNS text AS $$
DECLARE
  n text := nextval('customer_number_seq')::text;
BEGIN
  RETURN 'K-' || CASE WHEN length(n) < 6 THEN lpad(n, 6, '0') ELSE n END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "customer_number" SET DEFAULT next_customer_number();--> statement-breakpoint
CREATE INDEX "accounts_city_lower_idx" ON "accounts" USING btree (lower("city") text_pattern_ops);