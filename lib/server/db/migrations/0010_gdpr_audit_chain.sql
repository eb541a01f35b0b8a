-- Issue 29: erasure (personal values of people by reference, so erasing needs no UPDATE of the
-- history) and tamper evidence (every history entry carries SHA-256(previous hash || canonical entry)).
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- A person's values the history names (old and new e-mail, name, phone of a user entry). The history
-- holds only a reference `⟦v:<person>:<value id>⟧`; erasure deletes the person's rows here.
CREATE TABLE "history_personal_values" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "person_id" uuid NOT NULL,
  "value" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "history_personal_values_person_idx" ON "history_personal_values" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "changes" ADD COLUMN "chain" integer;--> statement-breakpoint
ALTER TABLE "changes" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "changes" ADD COLUMN "prev_hash" bytea;--> statement-breakpoint
ALTER TABLE "changes" ADD COLUMN "hash" bytea;--> statement-breakpoint
-- 16 chains, one row each: the newest link. A writing transaction locks one head (FOR UPDATE) from its
-- first history insert to its commit, so each chain's links are made one after another even under
-- parallel writers, while up to 16 writers link at once (README "Tamper evidence").
CREATE TABLE "changes_chain_head" (
  "id" integer PRIMARY KEY NOT NULL CHECK ("id" BETWEEN 1 AND 16),
  "seq" bigint NOT NULL,
  "hash" bytea NOT NULL
);--> statement-breakpoint
-- The canonical entry (README "Tamper evidence"): a JSON array, PostgreSQL's jsonb text form.
CREATE FUNCTION changes_canonical(
  p_chain integer, p_seq bigint, p_id uuid, p_at timestamptz, p_actor_id uuid, p_actor_label text, p_entity_type text,
  p_entity_id uuid, p_entity_label text, p_account_id uuid, p_action text, p_fields jsonb, p_approval_id uuid
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    p_chain, p_seq, p_id::text, to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    p_actor_id::text, p_actor_label, p_entity_type, p_entity_id::text, p_entity_label,
    p_account_id::text, p_action, p_fields, p_approval_id::text
  )::text
$$;--> statement-breakpoint
-- Existing entries: people's names and values become references (once, by the tables' owner,
-- before the chain exists), then every entry is linked in (at, id) order.
ALTER TABLE "changes" DISABLE TRIGGER "changes_no_update_delete";--> statement-breakpoint
INSERT INTO "history_personal_values" ("person_id", "value")
SELECT DISTINCT c.entity_id, v.j #>> '{}'
FROM "changes" c
CROSS JOIN LATERAL jsonb_array_elements(c.fields) e
CROSS JOIN LATERAL (VALUES (e -> 'before'), (e -> 'after')) v(j)
WHERE c.entity_type = 'user' AND e ->> 'field' IN ('email', 'firstName', 'lastName', 'phone')
  AND jsonb_typeof(v.j) = 'string' AND v.j #>> '{}' <> '';--> statement-breakpoint
CREATE FUNCTION pg_temp.personal_ref(person uuid, j jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN jsonb_typeof(j) = 'string' AND j #>> '{}' <> '' THEN
    to_jsonb('⟦v:' || person::text || ':' || (
      SELECT h.id::text FROM history_personal_values h WHERE h.person_id = person AND h.value = j #>> '{}' LIMIT 1
    ) || '⟧')
  ELSE j END
$$;--> statement-breakpoint
UPDATE "changes" c SET "fields" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN x.e ->> 'field' IN ('email', 'firstName', 'lastName', 'phone') THEN
      jsonb_build_object('field', x.e -> 'field', 'before', pg_temp.personal_ref(c.entity_id, x.e -> 'before'),
                         'after', pg_temp.personal_ref(c.entity_id, x.e -> 'after'))
    ELSE x.e END ORDER BY x.o), '[]'::jsonb)
  FROM jsonb_array_elements(c.fields) WITH ORDINALITY x(e, o)
)
WHERE c.entity_type = 'user';--> statement-breakpoint
UPDATE "changes" SET "actor_label" = '⟦u:' || "actor_id"::text || '⟧' WHERE "actor_id" IS NOT NULL;--> statement-breakpoint
UPDATE "changes" SET "entity_label" = '⟦u:' || "entity_id"::text || '⟧' WHERE "entity_type" = 'user';--> statement-breakpoint
UPDATE "changes" c SET "entity_label" = '⟦u:' || a.entity_id::text || '⟧'
FROM "approvals" a WHERE c.entity_type = 'approval' AND a.id = c.entity_id AND a.entity_type = 'user';--> statement-breakpoint
DO $$
DECLARE
  r record;
  n bigint := 0;
  h bytea := decode(repeat('00', 32), 'hex');
  next_hash bytea;
BEGIN
  FOR r IN SELECT * FROM changes ORDER BY at, id LOOP
    n := n + 1;
    next_hash := sha256(h || convert_to(changes_canonical(1, n, r.id, r.at, r.actor_id, r.actor_label, r.entity_type,
      r.entity_id, r.entity_label, r.account_id, r.action, r.fields, r.approval_id), 'UTF8'));
    UPDATE changes SET chain = 1, seq = n, prev_hash = h, hash = next_hash WHERE id = r.id;
    h := next_hash;
  END LOOP;
  INSERT INTO changes_chain_head (id, seq, hash) VALUES (1, n, h);
  INSERT INTO changes_chain_head (id, seq, hash) SELECT g, 0, decode(repeat('00', 32), 'hex') FROM generate_series(2, 16) g;
END $$;--> statement-breakpoint
ALTER TABLE "changes" ENABLE ALWAYS TRIGGER "changes_no_update_delete";--> statement-breakpoint
ALTER TABLE "changes" ALTER COLUMN "chain" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "changes" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "changes" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "changes" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "changes_chain_seq_key" ON "changes" USING btree ("chain", "seq");--> statement-breakpoint
-- Every insert, by whoever, is linked: the trigger sets seq, prev_hash and hash (values a writer
-- passes are overwritten). The first insert of a transaction locks the head row (FOR UPDATE, held to
-- commit, so links are made one after another under parallel writers); later inserts of the same
-- transaction continue from the transaction-local `ebmt.chain_tail` instead of rewriting the head
-- row each time (a million-row seed would otherwise walk a million row versions per insert), and
-- the deferred `changes_link_head` trigger writes the head once, at commit. SECURITY DEFINER: the
-- application role needs no right on the head row.
CREATE FUNCTION changes_link() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tail text := coalesce(current_setting('ebmt.chain_tail', true), '');
  tx text := txid_current()::text;
  head_chain integer;
  head_seq bigint;
  head_hash bytea;
BEGIN
  IF tail <> '' AND split_part(tail, ':', 1) = tx THEN
    head_chain := split_part(tail, ':', 2)::integer;
    head_seq := split_part(tail, ':', 3)::bigint;
    head_hash := decode(split_part(tail, ':', 4), 'hex');
  ELSE
    -- Any chain no other transaction holds; only when all 16 are held, wait for one.
    SELECT id, seq, hash INTO head_chain, head_seq, head_hash FROM changes_chain_head
      ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1;
    IF head_chain IS NULL THEN
      SELECT id, seq, hash INTO head_chain, head_seq, head_hash FROM changes_chain_head
        WHERE id = 1 + (txid_current() % 16) FOR UPDATE;
    END IF;
  END IF;
  NEW.chain := head_chain;
  NEW.seq := head_seq + 1;
  NEW.prev_hash := head_hash;
  NEW.hash := sha256(head_hash || convert_to(changes_canonical(NEW.chain, NEW.seq, NEW.id, NEW.at, NEW.actor_id, NEW.actor_label,
    NEW.entity_type, NEW.entity_id, NEW.entity_label, NEW.account_id, NEW.action, NEW.fields, NEW.approval_id), 'UTF8'));
  PERFORM set_config('ebmt.chain_tail', tx || ':' || head_chain::text || ':' || NEW.seq::text || ':' || encode(NEW.hash, 'hex'), true);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "changes_link" BEFORE INSERT ON "changes" FOR EACH ROW EXECUTE FUNCTION changes_link();--> statement-breakpoint
ALTER TABLE "changes" ENABLE ALWAYS TRIGGER "changes_link";--> statement-breakpoint
-- At commit: the transaction's last entry becomes the head (one UPDATE per transaction).
CREATE FUNCTION changes_link_head() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF split_part(coalesce(current_setting('ebmt.chain_tail', true), ''), ':', 3) = NEW.seq::text
     AND split_part(current_setting('ebmt.chain_tail', true), ':', 2) = NEW.chain::text THEN
    UPDATE changes_chain_head SET seq = NEW.seq, hash = NEW.hash WHERE id = NEW.chain;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "changes_link_head" AFTER INSERT ON "changes" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION changes_link_head();--> statement-breakpoint
ALTER TABLE "changes" ENABLE ALWAYS TRIGGER "changes_link_head";--> statement-breakpoint
-- The head rows are rewritten only by the triggers; nobody may delete them.
CREATE FUNCTION changes_chain_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'changes_chain_head: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "changes_chain_head_no_delete" BEFORE DELETE OR TRUNCATE ON "changes_chain_head"
  FOR EACH STATEMENT EXECUTE FUNCTION changes_chain_head_guard();--> statement-breakpoint
ALTER TABLE "changes_chain_head" ENABLE ALWAYS TRIGGER "changes_chain_head_no_delete";
