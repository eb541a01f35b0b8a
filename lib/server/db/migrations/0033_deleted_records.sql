-- Issue 51: deleted tasks and whitelist entries wait here (their row as JSON) for the restore window
-- (RESTORE_WINDOW_DAYS); a document keeps its own row (`documents.deleted_at`). The purge job removes
-- both for good after the window, with a history entry.
CREATE TABLE IF NOT EXISTS "deleted_records" (
  "id" uuid PRIMARY KEY NOT NULL,
  "entity_type" text NOT NULL CHECK ("entity_type" IN ('task', 'whitelist_entry')),
  "account_id" uuid,
  "label" text NOT NULL,
  "data" jsonb NOT NULL,
  "deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_by_id" uuid
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deleted_records_deleted_idx" ON "deleted_records" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_deleted_idx" ON "documents" USING btree ("deleted_at") WHERE "deleted_at" IS NOT NULL;
