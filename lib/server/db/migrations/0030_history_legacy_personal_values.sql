-- Issue 44: history entries written before personal values went by reference may still hold one in plain
-- text — above all passkey names ("Veras iPhone"), which entered the history as they were until the keyed
-- chain's change. The table is append-only, so erasure could never remove them. Like 0010 for names and
-- e-mail addresses, this rewrites them once, by the tables' owner, into references `⟦v:<person>:<value id>⟧`
-- (docs/security.md "Erasure"), and re-links every chain from its first rewritten entry on.
-- Only before the history is anchored under AUDIT_CHAIN_KEY (no row in changes_anchor): the database never
-- holds the key, so it cannot re-seal what it rewrites; the anchoring at the next start with the key seals
-- the rewritten entries and the new values (they have no MAC). Entries re-linked here lose a MAC the app may
-- have given them before any anchoring (their hash changed); the anchoring seals them again. In an
-- anchored history nothing is rewritten (a WARNING says how many entries still hold such a value).
-- A value of a person already erased is not kept: the reference points at no value and shows the pseudonym.
CREATE FUNCTION pg_temp.is_legacy_personal(field text, j jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT field IN ('email', 'firstName', 'lastName', 'phone', 'passkey')
    AND jsonb_typeof(j) = 'string' AND j #>> '{}' <> ''
    AND j #>> '{}' !~ '^⟦v:[0-9a-f-]{36}:[0-9a-f-]{36}⟧$'
$$;--> statement-breakpoint
CREATE TEMP TABLE legacy_personal_entries ON COMMIT DROP AS
SELECT c.id, c.chain, c.seq, c.entity_id FROM "changes" c
WHERE c.entity_type = 'user' AND jsonb_typeof(c.fields) = 'array' AND EXISTS (
  SELECT 1 FROM jsonb_array_elements(c.fields) e
  CROSS JOIN LATERAL (VALUES (e -> 'before'), (e -> 'after')) v(j)
  WHERE pg_temp.is_legacy_personal(e ->> 'field', v.j)
);--> statement-breakpoint
-- One value id per person and value; kept (in history_personal_values) unless the person is erased.
CREATE TEMP TABLE legacy_personal_values ON COMMIT DROP AS
SELECT DISTINCT ON (l.entity_id, v.j #>> '{}') gen_random_uuid() AS id, l.entity_id AS person_id, v.j #>> '{}' AS value
FROM legacy_personal_entries l
JOIN "changes" c ON c.id = l.id
CROSS JOIN LATERAL jsonb_array_elements(c.fields) e
CROSS JOIN LATERAL (VALUES (e -> 'before'), (e -> 'after')) v(j)
WHERE pg_temp.is_legacy_personal(e ->> 'field', v.j)
  AND NOT EXISTS (SELECT 1 FROM "changes_anchor");--> statement-breakpoint
INSERT INTO "history_personal_values" ("id", "person_id", "value")
SELECT p.id, p.person_id, p.value FROM legacy_personal_values p
WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = p.person_id AND u.erased_at IS NOT NULL);--> statement-breakpoint
CREATE FUNCTION pg_temp.legacy_ref(person uuid, field text, j jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN pg_temp.is_legacy_personal(field, j) THEN
    to_jsonb('⟦v:' || person::text || ':' || (
      SELECT p.id::text FROM legacy_personal_values p WHERE p.person_id = person AND p.value = j #>> '{}'
    ) || '⟧')
  ELSE j END
$$;--> statement-breakpoint
ALTER TABLE "changes" DISABLE TRIGGER "changes_no_update_delete";--> statement-breakpoint
UPDATE "changes" c SET "fields" = (
  SELECT jsonb_agg(
    CASE WHEN pg_temp.is_legacy_personal(x.e ->> 'field', x.e -> 'before')
           OR pg_temp.is_legacy_personal(x.e ->> 'field', x.e -> 'after') THEN
      x.e || jsonb_build_object(
        'before', pg_temp.legacy_ref(c.entity_id, x.e ->> 'field', x.e -> 'before'),
        'after', pg_temp.legacy_ref(c.entity_id, x.e ->> 'field', x.e -> 'after'))
    ELSE x.e END ORDER BY x.o)
  FROM jsonb_array_elements(c.fields) WITH ORDINALITY x(e, o)
)
FROM legacy_personal_entries l
WHERE c.id = l.id AND NOT EXISTS (SELECT 1 FROM "changes_anchor");--> statement-breakpoint
-- Re-link each chain from its first rewritten entry on, as the trigger links (0010), and move its head.
DO $$
DECLARE
  target record;
  r record;
  prev bytea;
  last_seq bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM changes_anchor) THEN
    IF EXISTS (SELECT 1 FROM legacy_personal_entries) THEN
      RAISE WARNING 'history: % entries written before the keyed chain still hold a personal value in plain text; the history is anchored, so they are left as they are (docs/security.md "Erasure")',
        (SELECT count(*) FROM legacy_personal_entries);
    END IF;
    RETURN;
  END IF;
  FOR target IN SELECT chain, min(seq) AS first_seq FROM legacy_personal_entries GROUP BY chain ORDER BY chain LOOP
    prev := coalesce((SELECT hash FROM changes WHERE chain = target.chain AND seq = target.first_seq - 1),
      decode(repeat('00', 32), 'hex'));
    last_seq := NULL;
    FOR r IN SELECT id, seq FROM changes WHERE chain = target.chain AND seq >= target.first_seq ORDER BY seq, id LOOP
      UPDATE changes c SET prev_hash = prev, hash = sha256(prev || convert_to(changes_canonical(c.chain, c.seq, c.id,
          c.at, c.actor_id, c.actor_label, c.entity_type, c.entity_id, c.entity_label, c.account_id, c.action,
          c.fields, c.approval_id), 'UTF8'))
        WHERE c.id = r.id RETURNING c.hash INTO prev;
      DELETE FROM changes_mac WHERE change_id = r.id;
      last_seq := r.seq;
    END LOOP;
    UPDATE changes_chain_head SET hash = prev WHERE id = target.chain AND seq = last_seq;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "changes" ENABLE ALWAYS TRIGGER "changes_no_update_delete";
