import 'server-only';
import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/rows';
import type { DbOrTx } from '@/lib/server/db/types';
import { auditChainKeys } from './chain-keys';
import { entryMacHolds, snapshotMac, snapshotMacHolds, snapshotMarkMac, snapshotMarkMacHolds } from './keyed';

/**
 * Snapshots of a record's state as of every SNAPSHOT_EVERY-th of its history entries (issue 51), so
 * "as of" replays and verifies at most the entries since the nearest one instead of all before it.
 *
 * A snapshot is written only by a walk that verified every entry up to it (hash, links both ways,
 * MAC — as `verifyRecordAsOf` always did), and is trusted later only while all of this holds:
 * - its MAC and the record's mark's MAC hold under AUDIT_CHAIN_KEY (the database never holds the key:
 *   whoever can write the table cannot forge, move or replay one from another generation);
 * - the **guard** is unchanged: a fingerprint of every trigger on `changes` and its function (their
 *   catalog rows' oid and xmin, so any ALTER … DISABLE/ENABLE TRIGGER, DROP/CREATE or CREATE OR
 *   REPLACE FUNCTION since changes it), taken when the append-only guards were in place exactly as the
 *   migrations define them. An entry before the snapshot can only be rewritten or deleted by getting
 *   past those triggers, which changes the fingerprint — then no snapshot is trusted and the as-of read
 *   verifies every entry again, as before snapshots;
 * - no entry of the record arrived later with a time at or before the newest snapshot: entries get
 *   their chain position at insert, so one written after the mark's chain heads (the highest committed
 *   seq per chain when the walk began) is past those heads (`changes_entity_chain_idx`). A long
 *   transaction's entry or a backdated one inserted through the trigger (insert rights, no key) shows so.
 * Out of reach, as for the chain itself: someone who rewrites the database's files directly, or who
 * holds the key.
 */
export const SNAPSHOT_EVERY = 64;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** What the as-of view is built from, as of one entry of the record. */
export interface ReplayState {
  firstAt: string | null;
  /** The newest lifecycle entry (create, delete, restore, purge) and when. */
  lifeAction: string | null;
  lifeAt: string | null;
  entries: number;
  /** Field → the `after` of the newest value entry naming it. */
  values: Record<string, unknown>;
}

export const emptyState = (): ReplayState => ({
  firstAt: null,
  lifeAction: null,
  lifeAt: null,
  entries: 0,
  values: {},
});

const LIFECYCLE = new Set(['create', 'delete', 'restore', 'purge']);
/** Entries whose fields are not the record's values (a delete's "was", a restore's deletedAt). */
const NOT_VALUES = new Set(['delete', 'restore', 'purge']);

export interface EntryRow {
  id: string;
  /** UTC, microseconds. */
  at: string;
  chain: string;
  seq: string;
  action: string;
  fields: string | null;
}

/** The state after one more entry (in place). */
export function applyEntry(state: ReplayState, row: EntryRow): void {
  state.firstAt ??= row.at;
  state.entries += 1;
  if (LIFECYCLE.has(row.action)) {
    state.lifeAction = row.action;
    state.lifeAt = row.at;
  }
  if (NOT_VALUES.has(row.action) || !row.fields) return;
  const fields = JSON.parse(row.fields) as unknown;
  if (!Array.isArray(fields)) return;
  for (const item of fields as { field?: unknown; after?: unknown }[]) {
    if (item && typeof item.field === 'string') state.values[item.field] = item.after ?? null;
  }
}

export const cloneState = (state: ReplayState): ReplayState => ({ ...state, values: { ...state.values } });

export interface Snapshot {
  changeId: string;
  at: string;
  chain: number;
  seq: number;
  hash: string;
  state: ReplayState;
}

/**
 * The append-only guard's fingerprint: every trigger on `changes` and its function, by their catalog
 * rows' oid and xmin (any ALTER … DISABLE/ENABLE TRIGGER, DROP/CREATE TRIGGER or CREATE OR REPLACE
 * FUNCTION writes a new row version, so a new xmin), and the table's oid. A read takes it from
 * `history_as_of_rows` (migration 0037), whose statements keep their plans; the statement that calls it
 * adds the function's own catalog rows (AS_OF_FUNCTION_SQL), so a replaced function, which could
 * answer anything, changes the fingerprint too.
 */
const TRIGGERS_SQL = sql.raw(`(select pg_catalog.md5(min(t.tgrelid::oid::text) || '|' || string_agg(t.oid::text || ':'
      || t.xmin::text || ':' || t.tgenabled::text || ':' || p.oid::text || ':' || p.xmin::text, ',' order by t.oid))
  from pg_catalog.pg_trigger t join pg_catalog.pg_proc p on p.oid = t.tgfoid
  where t.tgrelid = 'public.changes'::regclass)`);

/** Every function named as the as-of function (an overload added beside it counts), oid and xmin. */
const AS_OF_FUNCTION_SQL =
  sql.raw(`(select pg_catalog.string_agg(f.oid::text || ':' || f.xmin::text, ',' order by f.oid)
  from pg_catalog.pg_proc f where f.proname = 'history_as_of_rows')`);

/** The md5 of `history_as_of_rows`'s body as migration 0037 defines it. */
const AS_OF_FUNCTION_MD5 = '06eb3a93158e6d42afd909bcece949fb';

/**
 * The fingerprint when the guards are in place as the migrations define them (both triggers enabled
 * ALWAYS, of their kind, calling `changes_refuse_rewrite` with its body; `history_as_of_rows` alone of
 * its name, in public, with its body, not SECURITY DEFINER), else null: then no snapshot is written.
 * Checked when snapshots are written; a read compares the fingerprint only, which any change to the
 * guards or the function since would have changed.
 */
const GUARD_SQL = sql`(select case when (select count(*) from pg_catalog.pg_trigger g
      where g.tgrelid = 'public.changes'::regclass and g.tgenabled = 'A'
        and (g.tgname, g.tgtype) in (('changes_no_update_delete', 27), ('changes_no_truncate', 34))
        and g.tgfoid = (select r.oid from pg_catalog.pg_proc r where r.proname = 'changes_refuse_rewrite'
          and pg_catalog.md5(r.prosrc) = 'eeb156942081d8cf62b7e4717a5c164b')) = 2
      and (select count(*) from pg_catalog.pg_proc f where f.proname = 'history_as_of_rows') = 1
      and exists (select 1 from pg_catalog.pg_proc f where f.proname = 'history_as_of_rows'
        and f.pronamespace = 'public'::regnamespace and not f.prosecdef and f.proconfig is null
        and pg_catalog.md5(f.prosrc) = ${AS_OF_FUNCTION_MD5})
    then ${TRIGGERS_SQL} || '|' || ${AS_OF_FUNCTION_SQL} end)`;

/** The highest committed seq of every chain (what a walk starting now has seen at least). */
const HEADS_SQL = sql.raw(`(select coalesce(pg_catalog.jsonb_object_agg(g.chain, m.seq), '{}'::jsonb)::text
  from pg_catalog.generate_series(1, 16) g(chain)
  cross join lateral (select max(c.seq) as seq from changes c where c.chain = g.chain) m where m.seq is not null)`);

interface LoadRow {
  fn: string | null;
  which: 'mark' | 'then' | 'latest' | 'tail' | 'between';
  guard_now: string | null;
  generation: string | null;
  heads: string | null;
  guard: string | null;
  verified_at: string | null;
  mac: string | null;
  change_id: string | null;
  at: string | null;
  chain: string | null;
  seq: string | null;
  hash: string | null;
  entries: number | null;
  state: string | null;
  action: string | null;
  fields: string | null;
  late: boolean | null;
}

export interface LoadedSnapshots {
  /** The mark and its snapshots hold (see above); false: replay and verify from the first entry. */
  trusted: boolean;
  /** The newest snapshot at or before the moment. */
  then: Snapshot | null;
  /** The record's newest snapshot. */
  latest: Snapshot | null;
  /** The mark's generation (an extension keeps it). */
  generation: string | null;
  /** The entries after the newest snapshot, in order (at most the limit asked for). */
  tail: EntryRow[];
  /** A moment before the newest snapshot: the entries after the snapshot then up to it, in order. */
  between: EntryRow[];
}

const markParts = (
  type: string,
  id: string,
  row: { generation: string; heads: string; guard: string; verifiedAt: string },
) => [type, id, row.generation, row.heads, row.guard, row.verifiedAt];

const snapshotParts = (type: string, id: string, generation: string, row: Snapshot, stateText: string) => [
  type,
  id,
  generation,
  row.changeId,
  row.at,
  String(row.chain),
  String(row.seq),
  row.hash,
  String(row.state.entries),
  stateText,
];

/**
 * The record's mark, its snapshots nearest the moment and newest, checked, and the entries after each
 * (at most `limit`): one call of `history_as_of_rows`, which keeps its statements' plans. `reach`: a
 * boolean SQL condition the same statement answers as `inReach` (a row of nulls besides when the
 * record has no snapshots), so an as-of read asks its reach without a round trip of its own.
 */
export async function loadSnapshots(
  db: DbOrTx,
  type: string,
  id: string,
  at: Date,
  limit: number,
  reach?: SQL,
): Promise<LoadedSnapshots & { inReach: boolean | null }> {
  const rows = await rowsOf<LoadRow & { in_reach: boolean | null }>(
    db,
    reach
      ? sql`select q.in_reach, ${AS_OF_FUNCTION_SQL} as fn, r.* from (select ${reach} as in_reach) q
        left join lateral public.history_as_of_rows(${type}, ${id}::uuid, ${at.toISOString()}::timestamptz, ${limit}) r on true`
      : sql`select null::boolean as in_reach, ${AS_OF_FUNCTION_SQL} as fn, r.*
        from public.history_as_of_rows(${type}, ${id}::uuid, ${at.toISOString()}::timestamptz, ${limit}) r`,
  );
  return { ...checkedSnapshots(type, id, rows), inReach: rows[0]?.in_reach ?? null };
}

/** The rows of `history_as_of_rows` as snapshots and entries, if the guard, mark and MACs hold. */
function checkedSnapshots(type: string, id: string, rows: readonly LoadRow[]): LoadedSnapshots {
  const none: LoadedSnapshots = { trusted: false, then: null, latest: null, generation: null, tail: [], between: [] };
  const first = rows.find((row) => row.which === 'mark');
  if (!first?.generation || !first.guard_now || !first.fn || `${first.guard_now}|${first.fn}` !== first.guard) {
    return none;
  }
  const keys = auditChainKeys();
  const mark = {
    generation: first.generation,
    heads: first.heads ?? '',
    guard: first.guard,
    verifiedAt: first.verified_at ?? '',
  };
  if (!snapshotMarkMacHolds(keys, markParts(type, id, mark), hex(first.mac))) return none;
  const loaded: LoadedSnapshots = { ...none, trusted: true, generation: mark.generation };
  for (const row of rows) {
    if (row.which === 'tail' || row.which === 'between') {
      if (!row.change_id || !row.at || !row.chain || !row.seq || !row.action) return none;
      loaded[row.which].push({
        id: row.change_id,
        at: row.at,
        chain: row.chain,
        seq: row.seq,
        action: row.action,
        fields: row.fields,
      });
      continue;
    }
    if (row.which === 'mark' || !row.change_id || !row.at || !row.state || !row.hash) continue;
    let state: ReplayState;
    try {
      state = { ...(JSON.parse(row.state) as ReplayState), entries: Number(row.entries) };
    } catch {
      return none;
    }
    const snapshot: Snapshot = {
      changeId: row.change_id,
      at: row.at,
      chain: Number(row.chain),
      seq: Number(row.seq),
      hash: row.hash,
      state,
    };
    if (!snapshotMacHolds(keys, snapshotParts(type, id, mark.generation, snapshot, row.state), hex(row.mac)))
      return none;
    if (row.which === 'then') loaded.then = snapshot;
    else {
      if (row.late !== false) return none;
      loaded.latest = snapshot;
    }
  }
  // A mark without snapshots (another walk's generation took over meanwhile): walk again.
  if (!loaded.latest) return none;
  // Each range in order (a set-returning function's rows keep their order in practice, not by definition).
  loaded.tail.sort(byPosition);
  loaded.between.sort(byPosition);
  return loaded;
}

const byPosition = (a: EntryRow, b: EntryRow) =>
  a.at.localeCompare(b.at) || Number(a.chain) - Number(b.chain) || Number(a.seq) - Number(b.seq);

const hex = (text: string | null): Buffer | null => (text === null ? null : Buffer.from(text, 'hex'));

interface CheckRow extends EntryRow {
  hash: string;
  mac: string | null;
  hash_ok: boolean;
  prev_ok: boolean;
  next_ok: boolean;
}

export type BrokenReason = 'hash' | 'prev_hash' | 'next' | 'mac';

export interface WalkResult {
  /** Up to the moment: every entry holds, how many were checked, the first that does not. */
  ok: boolean;
  checked: number;
  firstBroken: { id: string; reason: BrokenReason } | null;
  /** The starting snapshot is not where its entry is (then nothing is vouched for from it). */
  startMoved: boolean;
}

/**
 * Checks the record's entries from `from` (its own entry included, which must still be there with
 * the hash the snapshot names) or from the first, up to `upTo`, each inside the database as the chain
 * verifier does (`verifyBatchSql`: the hash recomputed from the entry's own columns by the canonical
 * rule), linked to its predecessor in its chain and to its successor (or the chain's head), and its
 * MAC under AUDIT_CHAIN_KEY, checked here. The answer is about the entries up to `moment`; with
 * `build`, a walk that holds to its end writes a snapshot every SNAPSHOT_EVERY entries.
 */
export async function walkEntries(
  db: DbOrTx,
  type: string,
  id: string,
  options: {
    from: Snapshot | null;
    moment: Date;
    upTo: Date;
    batch: number;
    build?: { generation: string | null } | undefined;
  },
): Promise<WalkResult> {
  const { from, moment, upTo, batch, build } = options;
  const keys = auditChainKeys();
  const momentText = moment.toISOString();
  // Heads and guard before the walk: what it is verified against.
  let mark: { heads: string; guard: string | null } | null = null;
  if (build) {
    const [row] = await rowsOf<{ heads: string; guard: string | null }>(
      db,
      sql`select ${HEADS_SQL} as heads, ${GUARD_SQL} as guard`,
    );
    mark = row ?? null;
  }
  // Nothing can be written (the guards are not in place): the entries after the moment need no check.
  const end = build && mark?.guard ? upTo : moment;
  const state = from ? cloneState(from.state) : emptyState();
  const made: { snapshot: Snapshot; stateText: string }[] = [];
  let checked = from ? from.state.entries - 1 : 0;
  let result: WalkResult | null = null;
  let after: { at: string; chain: string; seq: string; inclusive: boolean } | null = from
    ? { at: from.at, chain: String(from.chain), seq: String(from.seq), inclusive: true }
    : null;
  let walkHolds = true;
  outer: for (;;) {
    const start =
      after === null
        ? sql`true`
        : after.inclusive
          ? sql`c.at >= ${after.at}::timestamptz and (c.at, c.chain, c.seq) >= (${after.at}::timestamptz, ${after.chain}::int, ${after.seq}::bigint)`
          : sql`c.at >= ${after.at}::timestamptz and (c.at, c.chain, c.seq) > (${after.at}::timestamptz, ${after.chain}::int, ${after.seq}::bigint)`;
    const rows: CheckRow[] = await rowsOf<CheckRow>(
      db,
      sql`select c.id::text as id, to_char(c.at at time zone 'UTC', ${sql.raw(ISO)}) as at, c.chain::text as chain,
      c.seq::text as seq, encode(c.hash, 'hex') as hash, c.action, c.fields::text as fields, encode(m.mac, 'hex') as mac,
      c.hash = pg_catalog.sha256(c.prev_hash || pg_catalog.convert_to(pg_catalog.jsonb_build_array(
          c.chain, c.seq, c.id::text, pg_catalog.to_char(c.at at time zone 'UTC'::text, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'::text),
          c.actor_id::text, c.actor_label, c.entity_type, c.entity_id::text, c.entity_label,
          c.account_id::text, c.action, c.fields, c.approval_id::text
        )::text, 'UTF8'::name)) as hash_ok,
      case when c.seq = 1 then c.prev_hash = pg_catalog.decode(pg_catalog.repeat('00', 32), 'hex')
        else coalesce((select p.hash = c.prev_hash from changes p where p.chain = c.chain and p.seq = c.seq - 1), false)
      end as prev_ok,
      coalesce(
        (select n.prev_hash = c.hash from changes n where n.chain = c.chain and n.seq = c.seq + 1),
        (select h.seq = c.seq and h.hash = c.hash from changes_chain_head h where h.id = c.chain),
        false
      ) as next_ok
    from changes c left join changes_mac m on m.change_id = c.id
    where c.entity_type = ${type} and c.entity_id = ${id}::uuid and c.at <= ${end.toISOString()}::timestamptz and ${start}
    order by c.at, c.chain, c.seq
    limit ${batch}`,
    );
    for (const row of rows) {
      const boundary = from !== null && after?.inclusive === true;
      if (boundary && (row.id !== from.changeId || row.hash !== from.hash)) {
        return { ok: false, checked: 0, firstBroken: null, startMoved: true };
      }
      const reason: BrokenReason | null = !row.hash_ok
        ? 'hash'
        : !row.prev_ok
          ? 'prev_hash'
          : !row.next_ok
            ? 'next'
            : !entryMacHolds(keys, Number(row.chain), Number(row.seq), row.hash, hex(row.mac))
              ? 'mac'
              : null;
      const inMoment = row.at <= microIso(momentText);
      if (reason) {
        walkHolds = false;
        if (inMoment) result = { ok: false, checked, firstBroken: { id: row.id, reason }, startMoved: false };
        break outer;
      }
      if (inMoment) checked += 1;
      if (!boundary) {
        applyEntry(state, row);
        if (build && state.entries % SNAPSHOT_EVERY === 0) {
          const snapshot: Snapshot = {
            changeId: row.id,
            at: row.at,
            chain: Number(row.chain),
            seq: Number(row.seq),
            hash: row.hash,
            state: cloneState(state),
          };
          made.push({ snapshot, stateText: stateText(snapshot.state) });
        }
      }
      after = { at: row.at, chain: row.chain, seq: row.seq, inclusive: false };
    }
    if (rows.length < batch) break;
  }
  if (build && walkHolds && mark?.guard && made.length > 0) {
    await writeSnapshots(db, type, id, build.generation, { heads: mark.heads, guard: mark.guard }, made);
  }
  return result ?? { ok: true, checked, firstBroken: null, startMoved: false };
}

/** ISO with milliseconds → the microsecond form the rows carry (they compare as text). */
const microIso = (iso: string) => `${iso.slice(0, 23)}000Z`;

/** The state as stored (its count is a column of its own). */
const stateText = (state: ReplayState) =>
  JSON.stringify({ firstAt: state.firstAt, lifeAction: state.lifeAction, lifeAt: state.lifeAt, values: state.values });

/**
 * Writes the walk's snapshots and the record's mark. `generation` null: a new one (the walk began at
 * the first entry; the old generation's rows go).
 */
async function writeSnapshots(
  db: DbOrTx,
  type: string,
  id: string,
  current: string | null,
  verified: { heads: string; guard: string },
  made: { snapshot: Snapshot; stateText: string }[],
): Promise<void> {
  const keys = auditChainKeys();
  const generation = current ?? randomUUID();
  const verifiedAt = `${new Date().toISOString().slice(0, 23)}000Z`;
  const mark = { generation, heads: verified.heads, guard: verified.guard, verifiedAt };
  const markMac = snapshotMarkMac(keys, markParts(type, id, mark)).toString('hex');
  const values = made.map(({ snapshot, stateText: text }) => {
    const mac = snapshotMac(keys, snapshotParts(type, id, generation, snapshot, text)).toString('hex');
    return sql`(${type}, ${id}::uuid, ${snapshot.changeId}::uuid, ${generation}::uuid, ${snapshot.at}::timestamptz,
      ${snapshot.chain}, ${snapshot.seq}, ${snapshot.hash}, ${snapshot.state.entries}, ${text}, decode(${mac}, 'hex'))`;
  });
  await db.transaction(async (tx) => {
    if (current === null) {
      await tx.execute(
        sql`delete from history_snapshots where entity_type = ${type} and entity_id = ${id}::uuid and generation <> ${generation}::uuid`,
      );
    }
    for (let index = 0; index < values.length; index += 500) {
      await tx.execute(sql`insert into history_snapshots
        (entity_type, entity_id, change_id, generation, at, chain, seq, hash, entries, state, mac)
        values ${sql.join(values.slice(index, index + 500), sql`, `)}
        on conflict (entity_type, entity_id, change_id) do update set generation = excluded.generation,
          at = excluded.at, chain = excluded.chain, seq = excluded.seq, hash = excluded.hash,
          entries = excluded.entries, state = excluded.state, mac = excluded.mac`);
    }
    await tx.execute(sql`insert into history_snapshot_marks (entity_type, entity_id, generation, heads, guard, verified_at, mac)
      values (${type}, ${id}::uuid, ${generation}::uuid, ${mark.heads}, ${mark.guard}, ${verifiedAt}::timestamptz, decode(${markMac}, 'hex'))
      on conflict (entity_type, entity_id) do update set generation = excluded.generation, heads = excluded.heads,
        guard = excluded.guard, verified_at = excluded.verified_at, mac = excluded.mac`);
  });
}
