-- The change history is append-only (SPEC §2): the database itself refuses to rewrite it.
CREATE OR REPLACE FUNCTION changes_refuse_rewrite() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'changes is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER changes_no_update_delete BEFORE UPDATE OR DELETE ON changes
  FOR EACH ROW EXECUTE FUNCTION changes_refuse_rewrite();
--> statement-breakpoint
CREATE TRIGGER changes_no_truncate BEFORE TRUNCATE ON changes
  FOR EACH STATEMENT EXECUTE FUNCTION changes_refuse_rewrite();
