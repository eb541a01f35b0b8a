-- Issue 49: the reports of the account, user and whitelist imports; the history entry of an import
-- carries the report's id (its entity id), so the entry links to it.
CREATE TABLE IF NOT EXISTS "imports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('accounts', 'users', 'whitelist')),
  "actor_id" uuid REFERENCES "users"("id"),
  "actor_label" text DEFAULT '' NOT NULL,
  "account_id" uuid REFERENCES "accounts"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "report" jsonb NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "imports_created_idx" ON "imports" USING btree ("created_at");
