CREATE INDEX "approvals_entity_idx" ON "approvals" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "changes_approval_idx" ON "changes" USING btree ("approval_id");--> statement-breakpoint
CREATE INDEX "changes_entity_label_trgm" ON "changes" USING gin (lower("entity_label") gin_trgm_ops);--> statement-breakpoint
-- The append-only triggers fire even under session_replication_role = replica (which a
-- superuser or replication tool can set to skip ordinary triggers), so no session of the
-- application's database user, however configured, can rewrite the history.
ALTER TABLE "changes" ENABLE ALWAYS TRIGGER "changes_no_update_delete";--> statement-breakpoint
ALTER TABLE "changes" ENABLE ALWAYS TRIGGER "changes_no_truncate";
