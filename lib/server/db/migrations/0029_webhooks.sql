-- Issue 48: webhook endpoints, one message per event and endpoint (its id is the `webhook-id`), and the
-- delivery log of every attempt.
CREATE TABLE IF NOT EXISTS "webhook_endpoints" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "url" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "events" text[] NOT NULL,
  "secret_encrypted" text NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "disabled_at" timestamp with time zone,
  "failing_since" timestamp with time zone,
  "created_by_id" uuid NOT NULL REFERENCES "users"("id"),
  "version" integer DEFAULT 1 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "event" text NOT NULL,
  "payload" jsonb NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'delivered', 'failed')),
  "attempts" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "delivered_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_messages_endpoint_idx" ON "webhook_messages" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_attempts" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "message_id" uuid NOT NULL REFERENCES "webhook_messages"("id") ON DELETE CASCADE,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "status_code" integer,
  "error" text,
  "duration_ms" integer NOT NULL,
  "response_body" text DEFAULT '' NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_attempts_message_idx" ON "webhook_attempts" USING btree ("message_id","at");
