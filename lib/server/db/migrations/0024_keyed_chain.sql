-- Issue 44: the history's keyed chain (docs/security.md "Keyed chain"). The database keeps computing
-- the plain SHA-256 chain in its trigger; the app adds, in the same transaction, a MAC per entry —
-- HMAC-SHA256 under AUDIT_CHAIN_KEY, a key the database never holds — over the entry's chain, seq and
-- hash (so over its content and everything before it). A personal value carries a MAC over its id,
-- person and value. The anchor row records the one-time sealing of the entries written before the key.
CREATE TABLE "changes_mac" (
  "change_id" uuid PRIMARY KEY NOT NULL,
  "mac" bytea NOT NULL
);--> statement-breakpoint
ALTER TABLE "history_personal_values" ADD COLUMN "mac" bytea;--> statement-breakpoint
CREATE TABLE "changes_anchor" (
  "id" integer PRIMARY KEY NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "heads" jsonb NOT NULL,
  "sealed" bigint NOT NULL,
  "mac" bytea NOT NULL
);
