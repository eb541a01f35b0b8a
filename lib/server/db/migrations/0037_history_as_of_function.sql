-- Issue 51: what an as-of read needs from the database, in one call whose statements keep their plans
-- (lib/server/history/snapshots.ts `loadSnapshots`): the append-only guard's fingerprint (the triggers on
-- `changes` and their functions), the record's snapshot mark, its newest snapshot and whether an entry
-- arrived late before it, its snapshot at or before the moment, the entries after the newest snapshot
-- and those from the snapshot then up to the moment. As separate statements each read planned them
-- anew, which cost more than reading the rows. Only rows: every MAC is checked by the application (the
-- database never holds the key), and this function's own catalog row (oid, xmin) is part of the guard,
-- read by the calling statement itself, so a replaced function makes every snapshot untrusted.
CREATE FUNCTION history_as_of_rows(p_type text, p_id uuid, p_at timestamptz, p_limit integer)
RETURNS TABLE (which text, guard_now text, generation text, heads text, guard text, verified_at text, mac text,
  change_id text, at text, chain text, seq text, hash text, entries integer, state text, action text, fields text,
  late boolean)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  m public.history_snapshot_marks%ROWTYPE;
  l public.history_snapshots%ROWTYPE;
  t public.history_snapshots%ROWTYPE;
  is_late boolean;
BEGIN
  SELECT * INTO m FROM public.history_snapshot_marks k WHERE k.entity_type = p_type AND k.entity_id = p_id;
  IF NOT FOUND THEN RETURN; END IF;
  which := 'mark';
  guard_now := (SELECT pg_catalog.md5(min(tr.tgrelid::oid::text) || '|' || pg_catalog.string_agg(tr.oid::text || ':'
      || tr.xmin::text || ':' || tr.tgenabled::text || ':' || p.oid::text || ':' || p.xmin::text, ',' ORDER BY tr.oid))
    FROM pg_catalog.pg_trigger tr JOIN pg_catalog.pg_proc p ON p.oid = tr.tgfoid
    WHERE tr.tgrelid = 'public.changes'::regclass);
  generation := m.generation::text;
  heads := m.heads;
  guard := m.guard;
  verified_at := pg_catalog.to_char(m.verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
  mac := pg_catalog.encode(m.mac, 'hex');
  RETURN NEXT;
  SELECT * INTO l FROM public.history_snapshots s
    WHERE s.entity_type = p_type AND s.entity_id = p_id AND s.generation = m.generation
    ORDER BY s.at DESC, s.chain DESC, s.seq DESC LIMIT 1;
  IF NOT FOUND THEN RETURN; END IF;
  -- An entry of the record past the mark's chain heads with a time at or before the newest snapshot.
  SELECT EXISTS (
    SELECT 1 FROM pg_catalog.generate_series(1, 16) g(chain)
    CROSS JOIN LATERAL (SELECT min(c.at) FILTER (WHERE c.entity_type = p_type) AS at FROM public.changes c
      WHERE c.entity_id = p_id AND c.chain = g.chain
        AND c.seq > coalesce((m.heads::jsonb ->> g.chain::text)::bigint, 0)) x
    WHERE x.at <= l.at) INTO is_late;
  RETURN QUERY SELECT 'latest', NULL, NULL, NULL, NULL, NULL, pg_catalog.encode(l.mac, 'hex'), l.change_id::text,
    pg_catalog.to_char(l.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), l.chain::text, l.seq::text, l.hash,
    l.entries, l.state, NULL, NULL, is_late;
  SELECT * INTO t FROM public.history_snapshots s
    WHERE s.entity_type = p_type AND s.entity_id = p_id AND s.generation = m.generation AND s.at <= p_at
    ORDER BY s.at DESC, s.chain DESC, s.seq DESC LIMIT 1;
  IF FOUND THEN
    RETURN QUERY SELECT 'then', NULL, NULL, NULL, NULL, NULL, pg_catalog.encode(t.mac, 'hex'), t.change_id::text,
      pg_catalog.to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), t.chain::text, t.seq::text, t.hash,
      t.entries, t.state, NULL, NULL, NULL::boolean;
  END IF;
  -- The entries after the newest snapshot (the state now), at most p_limit.
  RETURN QUERY SELECT 'tail', NULL, NULL, NULL, NULL, NULL, NULL, c.id::text,
      pg_catalog.to_char(c.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), c.chain::text, c.seq::text, NULL,
      NULL::integer, NULL, c.action, c.fields::text, NULL::boolean
    FROM public.changes c
    WHERE c.entity_type = p_type AND c.entity_id = p_id AND c.at >= l.at
      AND (c.at, c.chain, c.seq) > (l.at, l.chain, l.seq)
    ORDER BY c.at, c.chain, c.seq LIMIT p_limit;
  -- A moment before the newest snapshot: the entries from the snapshot then (or the first) up to it.
  IF p_at < l.at AND t.change_id IS NOT NULL THEN
    RETURN QUERY SELECT 'between', NULL, NULL, NULL, NULL, NULL, NULL, c.id::text,
        pg_catalog.to_char(c.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), c.chain::text, c.seq::text, NULL,
        NULL::integer, NULL, c.action, c.fields::text, NULL::boolean
      FROM public.changes c
      WHERE c.entity_type = p_type AND c.entity_id = p_id AND c.at <= p_at AND c.at >= t.at
        AND (c.at, c.chain, c.seq) > (t.at, t.chain, t.seq)
      ORDER BY c.at, c.chain, c.seq LIMIT p_limit;
  ELSIF p_at < l.at THEN
    RETURN QUERY SELECT 'between', NULL, NULL, NULL, NULL, NULL, NULL, c.id::text,
        pg_catalog.to_char(c.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), c.chain::text, c.seq::text, NULL,
        NULL::integer, NULL, c.action, c.fields::text, NULL::boolean
      FROM public.changes c
      WHERE c.entity_type = p_type AND c.entity_id = p_id AND c.at <= p_at
      ORDER BY c.at, c.chain, c.seq LIMIT p_limit;
  END IF;
END $$;
