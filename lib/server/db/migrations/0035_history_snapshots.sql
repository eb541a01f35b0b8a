-- Issue 51: a record's state every 64 of its history entries, so "as of" replays and verifies at
-- most the entries since the nearest snapshot (lib/server/history/snapshots.ts). A cache, not
-- history: written by the as-of read after it verified the entries, MAC'd under AUDIT_CHAIN_KEY (the
-- database never holds the key), trusted only while the mark's guard fingerprint (the append-only
-- triggers on `changes` and their functions, untouched since) and chain heads still hold.
CREATE TABLE "history_snapshot_marks" (
  "entity_type" text NOT NULL,
  "entity_id" uuid NOT NULL,
  "generation" uuid NOT NULL,
  "heads" text NOT NULL,
  "guard" text NOT NULL,
  "verified_at" timestamp with time zone NOT NULL,
  "mac" bytea NOT NULL,
  PRIMARY KEY ("entity_type", "entity_id")
);--> statement-breakpoint
CREATE TABLE "history_snapshots" (
  "entity_type" text NOT NULL,
  "entity_id" uuid NOT NULL,
  "change_id" uuid NOT NULL,
  "generation" uuid NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "chain" integer NOT NULL,
  "seq" bigint NOT NULL,
  "hash" text NOT NULL,
  "entries" integer NOT NULL,
  "state" text NOT NULL,
  "mac" bytea NOT NULL,
  PRIMARY KEY ("entity_type", "entity_id", "change_id")
);--> statement-breakpoint
CREATE INDEX "history_snapshots_position_idx" ON "history_snapshots" USING btree ("entity_type", "entity_id", "at", "chain", "seq");--> statement-breakpoint
-- A record's entries written after a snapshot's chain heads, per chain (the check for entries that
-- arrived late, with a time before the snapshot's).
CREATE INDEX "changes_entity_chain_idx" ON "changes" USING btree ("entity_id", "chain", "seq");
