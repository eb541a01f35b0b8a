-- Issue 51: a record's snapshots are looked up within the generation its mark names, newest first
-- (`history_as_of_rows`: the newest one, and the newest at or before the moment). The position index
-- lacked the generation, and the primary key began with the record too: without statistics (the
-- embedded database never runs ANALYZE) the planner costed the primary key's smaller index plus a
-- sort of all the record's snapshots below one descent of the position index, and read them all
-- (0.13–0.21 ms a lookup at 156 snapshots, growing with them). Now the key leads with the change (it
-- still says one snapshot per record and entry) and the position index holds the generation: the
-- lookup is one descent of that index, read in its order, whatever the statistics say.
ALTER TABLE "history_snapshots" DROP CONSTRAINT "history_snapshots_pkey";--> statement-breakpoint
ALTER TABLE "history_snapshots" ADD CONSTRAINT "history_snapshots_pkey" PRIMARY KEY ("change_id", "entity_type", "entity_id");--> statement-breakpoint
DROP INDEX "history_snapshots_position_idx";--> statement-breakpoint
CREATE INDEX "history_snapshots_position_idx" ON "history_snapshots" USING btree ("entity_type", "entity_id", "generation", "at", "chain", "seq");
