import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { rowsOf } from '@/lib/server/db/rows';
import type { ChangeField } from '@/lib/server/db/schema';
import { resolveValue } from './personal-refs';
import { isSecretField } from './record-change';
import { loadRefLookup } from './ref-lookup';
import {
  applyEntry,
  cloneState,
  emptyState,
  loadSnapshots,
  type ReplayState,
  SNAPSHOT_EVERY,
  walkEntries,
} from './snapshots';

/**
 * A record as it was at a moment, rebuilt from its history (issue 51). Every `create` and `update`
 * entry holds the values it set (`after`), so the value of a field at `at` is the `after` of the newest
 * entry up to `at` that names it; the lifecycle (created, deleted, restored, purged) is the newest of
 * those entries up to `at`. A record with more than SNAPSHOT_EVERY entries has verified snapshots
 * (snapshots.ts): the state then is the nearest snapshot at or before `at` plus the entries since, the
 * state now the newest snapshot plus the entries after it — at most SNAPSHOT_EVERY entries each. Without
 * trusted snapshots, one statement reads each field's value then and now in one pass over the record's
 * entries (`changes_entity_idx`).
 */
export type AsOfEntityType = 'account' | 'user' | 'document' | 'task' | 'whitelist_entry';

const LIFECYCLE = ['create', 'delete', 'restore', 'purge'] as const;
/** Entries whose fields are not the record's values (a delete's "was", a restore's deletedAt). */
const NOT_VALUES = ['delete', 'restore', 'purge'];

export interface AsOfState {
  /** The record's first entry (its creation). */
  createdAt: Date;
  /** The newest lifecycle entry up to the moment: deleted (or purged) then, or not. */
  deletedAt: Date | null;
  /** Field → value as of the moment (people's values resolved as the history shows them). */
  values: Record<string, unknown>;
  /** Fields whose value now differs from the value then. */
  changedSince: string[];
  /** The entries up to the moment. */
  entries: number;
}

interface FieldRow {
  field: string;
  value_then: string | null;
  value_now: string | null;
  set_then: boolean;
}

interface LifeRow {
  first_at: string | null;
  life_action: string | null;
  life_at: string | null;
  entries: string;
}

const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/** After every entry there is (the newest values). */
const END_OF_TIME = new Date('9999-12-31T23:59:59.999Z');

/** Entries checked per statement. */
const VERIFY_BATCH = 500;

/** The record at `at`; null when it had no entry yet then (it did not exist). */
export async function stateAsOf(
  db: DbOrTx,
  entityType: AsOfEntityType,
  entityId: string,
  at: Date,
): Promise<AsOfState | null> {
  return (await resolveAsOf(db, entityType, entityId, at, { state: true, verify: false })).state;
}

/**
 * Whether the reader may see the record, asked within the as-of read's first statement: `condition`
 * is answered there, and `check` gets its answer before anything else is done, to throw or to look
 * further (e.g. a deleted record) where it is not true.
 */
export interface AsOfReach {
  condition: SQL;
  check: (inReach: boolean | null) => Promise<void>;
}

/**
 * The record at `at` and the check of its entries up to then, sharing one look at the snapshots
 * (what `GET /{resource}/{id}?asOf=` runs): the same answers as `stateAsOf` and `verifyRecordAsOf`.
 */
export async function recordAsOf(
  db: DbOrTx,
  entityType: AsOfEntityType,
  entityId: string,
  at: Date,
  reach?: AsOfReach,
): Promise<{ state: AsOfState | null; verification: RecordVerification }> {
  const { state, verification } = await resolveAsOf(db, entityType, entityId, at, {
    state: true,
    verify: true,
    reach,
  });
  return { state, verification: verification! };
}

interface Wanted {
  state: boolean;
  verify: boolean;
  batch?: number;
  /** An extension of the snapshots ran already in this call. */
  extended?: boolean;
  reach?: AsOfReach;
}

async function resolveAsOf(
  db: DbOrTx,
  type: AsOfEntityType,
  id: string,
  at: Date,
  wanted: Wanted,
): Promise<{ state: AsOfState | null; verification: RecordVerification | null }> {
  const batch = wanted.batch ?? VERIFY_BATCH;
  // The mark, the two snapshots and the entries after each, in one call (SNAPSHOT_EVERY + 1: more
  // entries after the newest snapshot than that and the snapshots are extended first).
  const loaded = await loadSnapshots(db, type, id, at, SNAPSHOT_EVERY + 1, wanted.reach?.condition);
  if (wanted.reach) {
    await wanted.reach.check(loaded.inReach);
    wanted = { ...wanted, reach: undefined };
  }
  const latest = loaded.latest;
  if (loaded.trusted && latest) {
    const moment = `${at.toISOString().slice(0, 23)}000Z`;
    const afterLatest = moment >= latest.at;
    const { tail, between } = loaded;
    if (tail.length > SNAPSHOT_EVERY && !wanted.extended && wanted.verify) {
      // The newest snapshot is far behind: verify on from it, writing snapshots, then answer.
      await walkEntries(db, type, id, {
        from: latest,
        moment: at,
        upTo: END_OF_TIME,
        batch,
        build: { generation: loaded.generation },
      });
      return resolveAsOf(db, type, id, at, { ...wanted, extended: true });
    }
    const since = afterLatest ? tail.filter((row) => row.at <= moment) : between;
    if (tail.length <= SNAPSHOT_EVERY && since.length <= SNAPSHOT_EVERY) {
      const start = afterLatest ? latest : loaded.then;
      let verification: RecordVerification | null = null;
      if (wanted.verify) {
        if (!afterLatest) {
          // Every entry up to the moment lies before the newest snapshot: checked when it was written.
          verification = { ok: true, checked: (start?.state.entries ?? 0) + since.length, firstBroken: null };
        } else {
          const walked = await walkEntries(db, type, id, { from: latest, moment: at, upTo: at, batch });
          if (!walked.startMoved) {
            verification = { ok: walked.ok, checked: walked.checked, firstBroken: walked.firstBroken };
          }
        }
      }
      if (!wanted.verify || verification) {
        let state: AsOfState | null = null;
        if (wanted.state) {
          const then = start ? cloneState(start.state) : emptyState();
          for (const row of since) applyEntry(then, row);
          const now = cloneState(latest.state);
          for (const row of tail) applyEntry(now, row);
          state = await fromStates(db, then, now, at);
        }
        return { state, verification };
      }
    }
  }
  // No trusted snapshots: every entry from the first (a walk that holds leaves snapshots behind).
  let verification: RecordVerification | null = null;
  if (wanted.verify) {
    const walked = await walkEntries(db, type, id, {
      from: null,
      moment: at,
      upTo: END_OF_TIME,
      batch,
      build: { generation: null },
    });
    verification = { ok: walked.ok, checked: walked.checked, firstBroken: walked.firstBroken };
  }
  const state = wanted.state ? await stateBySql(db, type, id, at) : null;
  return { state, verification };
}

/** The view from the state then and now (people's values resolved). */
async function fromStates(db: DbOrTx, then: ReplayState, now: ReplayState, at: Date): Promise<AsOfState | null> {
  if (then.entries === 0 || !then.firstAt || new Date(then.firstAt) > at) return null;
  const names = [...new Set([...Object.keys(then.values), ...Object.keys(now.values)])].filter(
    (field) => !isSecretField(field),
  );
  const raw: ChangeField[] = names.map((field) => ({
    field,
    before: now.values[field] ?? null,
    after: then.values[field] ?? null,
  }));
  const lookup = await loadRefLookup(db, [{ actorLabel: '', entityLabel: '', fields: raw }]);
  const values: Record<string, unknown> = {};
  const changedSince: string[] = [];
  for (const entry of raw) {
    const value = Object.hasOwn(then.values, entry.field) ? resolveValue(entry.after, lookup) : null;
    values[entry.field] = value;
    if (JSON.stringify(value) !== JSON.stringify(resolveValue(entry.before, lookup))) changedSince.push(entry.field);
  }
  const deleted = then.lifeAction === 'delete' || then.lifeAction === 'purge';
  return {
    createdAt: new Date(then.firstAt),
    deletedAt: deleted && then.lifeAt ? new Date(then.lifeAt) : null,
    values,
    changedSince: changedSince.sort(),
    entries: then.entries,
  };
}

/** Without snapshots: each field's value then and now in one pass over the record's entries. */
async function stateBySql(
  db: DbOrTx,
  entityType: AsOfEntityType,
  entityId: string,
  at: Date,
): Promise<AsOfState | null> {
  const when = at.toISOString();
  const lifecycle = sql.raw(LIFECYCLE.map((action) => `'${action}'`).join(', '));
  const [life] = await rowsOf<LifeRow>(
    db,
    sql`select
      (select to_char(min(c.at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from changes c
        where c.entity_type = ${entityType} and c.entity_id = ${entityId}) as first_at,
      l.action as life_action,
      to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as life_at,
      (select count(*)::text from changes c
        where c.entity_type = ${entityType} and c.entity_id = ${entityId} and c.at <= ${when}::timestamptz) as entries
    from (select 1) one
    left join lateral (
      select c.action, c.at from changes c
      where c.entity_type = ${entityType} and c.entity_id = ${entityId} and c.at <= ${when}::timestamptz
        and c.action in (${lifecycle})
      order by c.at desc, c.seq desc limit 1
    ) l on true`,
  );
  if (!life?.first_at || new Date(life.first_at) > at) return null;
  const notValues = sql.raw(NOT_VALUES.map((action) => `'${action}'`).join(', '));
  // Per field: the newest `after` up to the moment, and the newest of all (now). `distinct on` twice
  // would read the entries twice; one grouping with ordered aggregates reads them once.
  const fields = await rowsOf<FieldRow>(
    db,
    sql`select f.field,
      (array_agg(f.after::text order by c.at desc, c.seq desc) filter (where c.at <= ${when}::timestamptz))[1] as value_then,
      (array_agg(f.after::text order by c.at desc, c.seq desc))[1] as value_now,
      bool_or(c.at <= ${when}::timestamptz) as set_then
    from changes c
    cross join lateral jsonb_to_recordset(c.fields) as f(field text, after jsonb)
    where c.entity_type = ${entityType} and c.entity_id = ${entityId} and c.action not in (${notValues})
    group by f.field`,
  );
  const kept = fields.filter((row) => !isSecretField(row.field));
  const raw: ChangeField[] = kept.map((row) => ({
    field: row.field,
    before: parse(row.value_now),
    after: parse(row.value_then),
  }));
  const lookup = await loadRefLookup(db, [{ actorLabel: '', entityLabel: '', fields: raw }]);
  const values: Record<string, unknown> = {};
  const changedSince: string[] = [];
  for (const [index, entry] of raw.entries()) {
    const then = kept[index]!.set_then ? resolveValue(entry.after, lookup) : null;
    values[entry.field] = then;
    if (JSON.stringify(then) !== JSON.stringify(resolveValue(entry.before, lookup))) changedSince.push(entry.field);
  }
  const deleted = life.life_action === 'delete' || life.life_action === 'purge';
  return {
    createdAt: new Date(life.first_at),
    deletedAt: deleted && life.life_at ? new Date(life.life_at) : null,
    values,
    changedSince: changedSince.sort(),
    entries: Number(life.entries),
  };
}

export interface RecordVerification {
  /** Every entry of the record up to the moment holds: its hash, its links both ways, its MAC. */
  ok: boolean;
  checked: number;
  firstBroken: { id: string; reason: 'hash' | 'prev_hash' | 'next' | 'mac' } | null;
}

/**
 * Checks the record's entries up to the moment, each inside the database as the chain verifier does
 * (`verifyBatchSql`: the hash recomputed from the entry's own columns by the canonical rule), linked to
 * its predecessor in its chain (which must exist and have the hash the entry names) and to its
 * successor (which must name the entry's hash) or be the chain's head — so an entry changed, removed
 * beside one of the record's, or re-linked shows — and its MAC under AUDIT_CHAIN_KEY, checked here.
 * It vouches for the entries the view is built from, not for the rest of the history
 * (`GET /changes/verify` checks every chain).
 *
 * With trusted snapshots (snapshots.ts: written by a walk that checked every entry up to them, the
 * append-only guards untouched since, nothing arrived late) the entries up to the newest snapshot were
 * checked when it was written and cannot have changed since; entries after it up to the moment (at most
 * SNAPSHOT_EVERY) are checked now, the newest snapshot's own entry included. Otherwise it walks from the
 * record's first entry (to its last, so a walk that holds leaves a new generation of snapshots behind),
 * in pages of `batch` entries: a record with 10,000 entries is 20 statements, each short, and other
 * requests' statements run between them. More than SNAPSHOT_EVERY entries after the newest snapshot:
 * the walk goes on from it and writes the snapshots.
 */
export async function verifyRecordAsOf(
  db: DbOrTx,
  entityType: AsOfEntityType,
  entityId: string,
  at: Date,
  /** Entries per statement (a test pages through a short history with a small one). */
  batch = VERIFY_BATCH,
): Promise<RecordVerification> {
  return (await resolveAsOf(db, entityType, entityId, at, { state: false, verify: true, batch })).verification!;
}
