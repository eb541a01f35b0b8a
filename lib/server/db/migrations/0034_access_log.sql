-- Issue 51: who looked at whose personal data. One row per person whose data a request showed or
-- exported: who (actor, and the API key when a machine client asked), when, whom, and through which
-- operation and route (a template: `/benutzer/{id}/`, `/api/v1/users/{id}/`; never a raw URL). Ids
-- only, no names: a label is resolved when the log is read, so an erased person shows as their
-- pseudonym there, as in the history (lib/server/services/access-log).
CREATE TABLE "access_log" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "actor_id" uuid NOT NULL,
  "api_key_id" uuid,
  "subject_id" uuid NOT NULL,
  "operation" text NOT NULL,
  "route" text NOT NULL,
  "request_id" text
);--> statement-breakpoint
CREATE INDEX "access_log_subject_idx" ON "access_log" USING btree ("subject_id", "at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "access_log_actor_idx" ON "access_log" USING btree ("actor_id", "at" DESC, "id" DESC);--> statement-breakpoint
-- The retention purge reads by age; rows arrive in time order, so a block range index is enough.
CREATE INDEX "access_log_at_brin" ON "access_log" USING brin ("at");--> statement-breakpoint
-- Append-only like the history: no UPDATE, no TRUNCATE, and DELETE only inside access_log_purge().
CREATE FUNCTION access_log_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('ebmt.access_log_purge', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'access_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "access_log_no_rewrite" BEFORE UPDATE OR DELETE OR TRUNCATE ON "access_log"
  FOR EACH STATEMENT EXECUTE FUNCTION access_log_refuse_rewrite();--> statement-breakpoint
ALTER TABLE "access_log" ENABLE ALWAYS TRIGGER "access_log_no_rewrite";--> statement-breakpoint
-- The retention purge (a daily job): at most p_limit rows older than p_months months, returning how
-- many went. SECURITY DEFINER: the application role has no DELETE on the table
-- (scripts/pg-app-role.sql) and cannot shorten the retention below a month.
CREATE FUNCTION access_log_purge(p_months integer, p_limit integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  gone integer;
BEGIN
  IF p_months IS NULL OR p_months < 1 THEN
    RAISE EXCEPTION 'access_log_purge: the retention is at least one month' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM set_config('ebmt.access_log_purge', 'on', true);
  DELETE FROM access_log WHERE id IN (
    SELECT id FROM access_log WHERE at < now() - make_interval(months => p_months) LIMIT greatest(p_limit, 1)
  );
  GET DIAGNOSTICS gone = ROW_COUNT;
  PERFORM set_config('ebmt.access_log_purge', '', true);
  RETURN gone;
END;
$$;
