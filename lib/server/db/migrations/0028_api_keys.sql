-- Issue 48: API keys for machine clients, their secrets (hash and visible prefix; a rotation keeps the
-- previous one for its overlap), and the history's actor type for entries a key wrote.
CREATE TABLE IF NOT EXISTS "api_keys" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "scopes" text[] NOT NULL,
  "account_id" uuid REFERENCES "accounts"("id"),
  "expires_at" timestamp with time zone NOT NULL,
  "revoked_at" timestamp with time zone,
  "created_by_id" uuid NOT NULL REFERENCES "users"("id"),
  "last_used_at" timestamp with time zone,
  "last_used_ip" text,
  "rate_window_start" timestamp with time zone DEFAULT now() NOT NULL,
  "rate_count" integer DEFAULT 0 NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "api_key_secrets" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "api_key_id" uuid NOT NULL REFERENCES "api_keys"("id") ON DELETE CASCADE,
  "prefix" text NOT NULL,
  "secret_hash" text NOT NULL,
  "expires_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "api_key_secrets_prefix_key" ON "api_key_secrets" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_key_secrets_key_idx" ON "api_key_secrets" USING btree ("api_key_id");--> statement-breakpoint
ALTER TABLE "changes" ADD COLUMN IF NOT EXISTS "actor_type" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_actor_type_check" CHECK ("actor_type" IN ('user', 'api_key'));
