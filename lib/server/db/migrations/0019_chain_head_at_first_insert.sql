-- Issue 29, the chain's write cost (README "Tamper evidence"). Same links, same hashes, less work per
-- transaction: on PGlite every write waits for the one connection, so whatever the trigger path costs
-- adds to every queued write.
--
-- 1. changes_canonical() was declared IMMUTABLE over functions that are only STABLE (to_char,
--    jsonb_build_array), so PostgreSQL never inlined it: every link ran it as a separate SQL function
--    (140–170 µs a call on PGlite on the loaded two-core machine). Declared STABLE, it is inlined into
--    the trigger's expressions (and the export's query). Its body, and so every canonical entry and
--    hash, is unchanged.
ALTER FUNCTION changes_canonical(integer, bigint, uuid, timestamptz, uuid, text, text, uuid, text, uuid, text, jsonb, uuid)
  STABLE;--> statement-breakpoint
-- 2. A transaction's first history insert moves the head right away, in the trigger that locked it (the
--    row stays locked until commit, as before), instead of the deferred `changes_link_head` trigger
--    moving it at commit: a write with one history entry — every API write — no longer queues and fires
--    a deferred trigger. Later inserts of the same transaction continue from the transaction-local
--    tail as before; only they queue `changes_link_head` (its WHEN below), which moves the head to the
--    transaction's last entry at commit, once. The tail of a first insert ends in `:h` (the head already
--    stands there). The tail is set by assignment (an expression), not PERFORM (a query).
CREATE OR REPLACE FUNCTION changes_link() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tail text := current_setting('ebmt.chain_tail', true);
  tx text := txid_current()::text;
  first boolean := tail IS NULL OR tail NOT LIKE tx || ':%';
BEGIN
  IF first THEN
    -- Any chain no other transaction holds; only when all 16 are held, wait for one.
    SELECT id, seq + 1, hash INTO NEW.chain, NEW.seq, NEW.prev_hash FROM changes_chain_head
      ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1;
    IF NOT FOUND THEN
      SELECT id, seq + 1, hash INTO NEW.chain, NEW.seq, NEW.prev_hash FROM changes_chain_head
        WHERE id = 1 + (txid_current() % 16) FOR UPDATE;
    END IF;
  ELSE
    NEW.chain := split_part(tail, ':', 2)::integer;
    NEW.seq := split_part(tail, ':', 3)::bigint + 1;
    NEW.prev_hash := decode(split_part(tail, ':', 4), 'hex');
  END IF;
  NEW.hash := sha256(NEW.prev_hash || convert_to(changes_canonical(NEW.chain, NEW.seq, NEW.id, NEW.at, NEW.actor_id,
    NEW.actor_label, NEW.entity_type, NEW.entity_id, NEW.entity_label, NEW.account_id, NEW.action, NEW.fields,
    NEW.approval_id), 'UTF8'));
  IF first THEN
    UPDATE changes_chain_head SET seq = NEW.seq, hash = NEW.hash WHERE id = NEW.chain;
  END IF;
  tail := set_config('ebmt.chain_tail', tx || ':' || NEW.chain::text || ':' || NEW.seq::text || ':' ||
    encode(NEW.hash, 'hex') || CASE WHEN first THEN ':h' ELSE '' END, true);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- `changes_link_head` (unchanged) is queued only for entries whose transaction's head is not yet
-- there: a constraint trigger's WHEN is evaluated right after the row is inserted (after
-- `changes_link` set the tail), not at commit. A constraint trigger cannot be replaced in place.
DROP TRIGGER "changes_link_head" ON "changes";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "changes_link_head" AFTER INSERT ON "changes" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (pg_catalog.right(pg_catalog.current_setting('ebmt.chain_tail', true), 2) <> ':h')
  EXECUTE FUNCTION changes_link_head();--> statement-breakpoint
ALTER TABLE "changes" ENABLE ALWAYS TRIGGER "changes_link_head";
