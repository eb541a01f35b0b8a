import { createHash } from 'node:crypto';
import { anchorMacHolds, anchorParts, type ChainKeys, type Checkpoint, entryMacHolds, valueMacHolds } from './keyed';

/**
 * The history's hash chain (issue 29, README "Tamper evidence"). Every entry carries
 * `hash = SHA-256(prev_hash || UTF-8(canonical entry))`, prev_hash of the first entry being 32 zero
 * bytes. The database computes it in the `changes_link` trigger (`changes_canonical()`, migration
 * 0010). The verifier recomputes every hash from the entry's own columns and trusts no stored hash
 * but the one it checks: by default inside the database, set-based in batches with the built-in
 * `sha256()` and jsonb output only (`verifyBatchSql`), or here in JavaScript (`ChainWalker`), which
 * trusts no function of the database at all.
 *
 * The canonical entry is the JSON array, in PostgreSQL's jsonb text form (`", "` and `": "` as
 * separators, object keys as jsonb orders them), of: chain (1–16), seq (number), id, at (UTC,
 * `YYYY-MM-DDTHH:MM:SS.ffffffZ`), actor id, actor label, entity type, entity id, entity label,
 * account id, action, fields (the stored jsonb, its text as PostgreSQL prints it), approval id —
 * ids as lower-case strings, a missing one as `null`.
 */
export const GENESIS_HASH = Buffer.alloc(32);

export interface ChainRow {
  chain: number;
  seq: number;
  id: string;
  /** UTC, microseconds: `2026-11-26T01:02:03.123456Z`. */
  at: string;
  actorId: string | null;
  actorLabel: string;
  entityType: string;
  entityId: string;
  entityLabel: string;
  accountId: string | null;
  action: string;
  /** The stored jsonb as PostgreSQL prints it (`fields::text`). */
  fieldsText: string;
  approvalId: string | null;
  prevHash: Buffer;
  hash: Buffer;
}

/** A string as PostgreSQL's jsonb prints it (the same escapes as JSON.stringify for text it can store). */
const jsonText = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));

export function canonicalEntry(row: Omit<ChainRow, 'prevHash' | 'hash'>): string {
  return `[${[
    String(row.chain),
    String(row.seq),
    jsonText(row.id),
    jsonText(row.at),
    jsonText(row.actorId),
    jsonText(row.actorLabel),
    jsonText(row.entityType),
    jsonText(row.entityId),
    jsonText(row.entityLabel),
    jsonText(row.accountId),
    jsonText(row.action),
    row.fieldsText,
    jsonText(row.approvalId),
  ].join(', ')}]`;
}

export const linkHash = (prevHash: Buffer, canonical: string): Buffer =>
  createHash('sha256').update(prevHash).update(canonical, 'utf8').digest();

/**
 * `mac`: the entry's MAC under the key fails or is missing (keyed.ts); `checkpoint`: the chain ends
 * before, or differs from, its last checkpoint outside the database (entries at the end or the whole
 * chain deleted), or the anchor is not the one the checkpoint names.
 */
export type BrokenReason = 'hash' | 'prev_hash' | 'seq_gap' | 'head' | 'mac' | 'checkpoint';

export interface ChainHead {
  chain: number;
  seq: number;
  /** The newest link checked (hex), for an auditor to note down. */
  hash: string | null;
  /** The chain's first broken link (its newest link that holds is the one above). */
  broken: { id: string | null; seq: number; reason: BrokenReason } | null;
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  heads: ChainHead[];
  firstBroken: { id: string | null; chain: number; seq: number; reason: BrokenReason } | null;
  /** With a key: every entry's and personal value's MAC was checked, and the anchor's. */
  keyed?: boolean;
  /** With a key: the personal values checked, and the first whose MAC fails (changed or forged). */
  personalValues?: { checked: number; broken: string | null };
  /** The checkpoint the chains were held against (its time), or null when none was given. */
  checkpointAt?: string | null;
}

interface WalkResult {
  checked: number;
  head: ChainHead;
  firstBroken: VerifyResult['firstBroken'];
}

/**
 * Walks entries in `seq` order and stops at the first broken link: an entry whose hash is not
 * SHA-256 of its predecessor's hash and its canonical form (changed content), whose prev_hash is
 * not its predecessor's hash, or a gap in seq (a deleted entry). `head` is the chain head row: its
 * seq and hash must be the last entry's (entries deleted at the end).
 */
export class ChainWalker {
  constructor(readonly chain = 1) {}

  private prev: Buffer = GENESIS_HASH;
  private expectedSeq = 1;
  private checked = 0;
  private broken: VerifyResult['firstBroken'] = null;

  /** false once a broken link is found (stop feeding rows). */
  push(row: ChainRow): boolean {
    if (this.broken) return false;
    if (row.chain !== this.chain || row.seq !== this.expectedSeq) {
      this.broken = { id: row.id, chain: row.chain, seq: row.seq, reason: 'seq_gap' };
      return false;
    }
    if (!row.prevHash.equals(this.prev)) {
      this.broken = { id: row.id, chain: row.chain, seq: row.seq, reason: 'prev_hash' };
      return false;
    }
    if (!linkHash(this.prev, canonicalEntry(row)).equals(row.hash)) {
      this.broken = { id: row.id, chain: row.chain, seq: row.seq, reason: 'hash' };
      return false;
    }
    this.prev = row.hash;
    this.expectedSeq += 1;
    this.checked += 1;
    return true;
  }

  /** Where the walk stands: the last entry that holds, how many held, the first broken one. */
  state(): { seq: number; hash: Buffer; checked: number; broken: VerifyResult['firstBroken'] } {
    return { seq: this.expectedSeq - 1, hash: this.prev, checked: this.checked, broken: this.broken };
  }

  finish(head: { seq: number; hash: Buffer } | null): WalkResult {
    const lastSeq = this.expectedSeq - 1;
    if (!this.broken && head && (head.seq !== lastSeq || !(lastSeq === 0 || head.hash.equals(this.prev)))) {
      this.broken = { id: null, chain: this.chain, seq: head.seq, reason: 'head' };
    }
    return {
      checked: this.checked,
      head: {
        chain: this.chain,
        seq: lastSeq,
        hash: this.checked > 0 ? this.prev.toString('hex') : null,
        broken: this.broken && { id: this.broken.id, seq: this.broken.seq, reason: this.broken.reason },
      },
      firstBroken: this.broken,
    };
  }
}

/** The columns of a chain row as SQL (works for postgres.js, PGlite and Drizzle's `sql`). */
export const CHAIN_COLUMNS_SQL = `chain::text as chain, seq::text as seq, id::text as id,
  to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
  actor_id::text as actor_id, actor_label, entity_type, entity_id::text as entity_id, entity_label,
  account_id::text as account_id, action, fields::text as fields_text, approval_id::text as approval_id,
  encode(prev_hash, 'hex') as prev_hash, encode(hash, 'hex') as hash`;

export type RawChainRow = Record<
  | 'chain'
  | 'seq'
  | 'id'
  | 'at'
  | 'actor_id'
  | 'actor_label'
  | 'entity_type'
  | 'entity_id'
  | 'entity_label'
  | 'account_id'
  | 'action'
  | 'fields_text'
  | 'approval_id'
  | 'prev_hash'
  | 'hash',
  string | null
>;

export function toChainRow(raw: RawChainRow): ChainRow {
  return {
    chain: Number(raw.chain),
    seq: Number(raw.seq),
    id: raw.id ?? '',
    at: raw.at ?? '',
    actorId: raw.actor_id,
    actorLabel: raw.actor_label ?? '',
    entityType: raw.entity_type ?? '',
    entityId: raw.entity_id ?? '',
    entityLabel: raw.entity_label ?? '',
    accountId: raw.account_id,
    action: raw.action ?? '',
    fieldsText: raw.fields_text ?? '[]',
    approvalId: raw.approval_id,
    prevHash: Buffer.from(raw.prev_hash ?? '', 'hex'),
    hash: Buffer.from(raw.hash ?? '', 'hex'),
  };
}

/** A query function: `run(sqlText, params)` → rows (postgres.js, PGlite, the app's `executeSql`). */
export type ChainQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface VerifyOptions {
  /**
   * `database` (the default): every entry's hash is recomputed inside the database, set-based
   * (`VERIFY_BATCH_SQL`), and only a batch's summary travels. `javascript`: the entries are read and
   * every hash is recomputed here (`ChainWalker`) — independent of the database's SHA-256 and jsonb
   * output, and many times slower (`npm run audit:verify -- --js`).
   */
  recompute?: 'database' | 'javascript';
  /** How long one batch query should take (ms); the batch size follows it. Default 50. */
  batchMs?: number;
  /** Awaited between batches (the API yields to the event loop there). */
  pause?: () => Promise<void>;
  /** A fixed number of entries per batch instead of following `batchMs` (tests). */
  batchSize?: number;
  /** The keyed check: every entry's MAC, the personal values' and the anchor's (keyed.ts). */
  keys?: ChainKeys;
  /** The last checkpoint: every chain must still reach its head as it stood then (needs `keys`). */
  checkpoint?: Checkpoint | null;
}

/** Batch sizes (entries per query): the first one, and the bounds the adaptation stays within. */
export const VERIFY_BATCH = { first: 500, min: 200, max: 200_000 } as const;

/** The heads' query (every chain's newest link, as the triggers left it). */
export const CHAIN_HEADS_SQL = `select id::text as chain, seq::text as seq, encode(hash, 'hex') as hash from changes_chain_head order by id`;

/**
 * A batch is a range of seq: `(after, after + size]` of one chain, the first one `(−∞, size]` (so an
 * entry with a seq below 1 is found too), in `(seq, id)` order. A range instead of `seq > after …
 * limit n`: whatever plan the database picks, a batch reads only its own entries (the earlier walk by
 * `seq > after … limit n` took over ten minutes for a million entries when PostgreSQL, without
 * statistics, read and sorted every entry after the bound for each batch); and every entry that shares its seq with another
 * (possible only if someone dropped the unique index) is read too — and found — not skipped.
 */
const rangeOf = (first: boolean, chain: string, after: string, size: string) =>
  `c.chain = ${chain}::integer${first ? '' : ` and c.seq > ${after}::bigint`} and c.seq <= ${after}::bigint + ${size}::integer`;

/**
 * One batch of one chain checked inside the database: the entries of chain `$1` in the range
 * (`$5`, `$5` + `$2`], each checked against its predecessor in the chain — `lag()` over the chain's
 * order, for the batch's first entry the previous batch's last that holds (`$3` seq, `$4` hash in hex;
 * 0 and 32 zero bytes at the start) — and its hash recomputed from its own columns by the canonical
 * rule (README "Tamper evidence"). Each entry is checked on its own, so the reasons are those of a walk
 * in seq order: `seq_gap` (not its predecessor's seq + 1), `prev_hash` (does not point at its
 * predecessor's hash), `hash` (its content does not give its hash). One pass over the batch answers one
 * row: the entries read, the last one's seq and hash, and the first broken entry (JSON: id, seq,
 * reason, how many before it — all hold — and the last of those: seq, hash).
 * Functions are called with their schema (`pg_catalog.`) and literals typed, so a function the tables'
 * owner creates elsewhere on the search path cannot stand in for them (and the canonical form is spelled
 * out here rather than calling `changes_canonical()`, which the owner could replace).
 */
export function verifyBatchSql(first: boolean): string {
  return `select pg_catalog.count(*)::text as n,
  (pg_catalog.array_agg(w.seq::text) filter (where w.is_last))[1] as last_seq,
  (pg_catalog.array_agg(pg_catalog.encode(w.hash, 'hex'::text)) filter (where w.is_last))[1] as last_hash,
  (pg_catalog.array_agg(pg_catalog.json_build_array(w.id::text, w.seq::text, w.reason, (w.k - 1)::text, w.good_seq::text,
    pg_catalog.encode(w.good_hash, 'hex'::text)) order by w.k) filter (where w.reason is not null))[1]::text as broken
from (
  select v.*, case
      when v.seq is distinct from v.good_seq + 1 then 'seq_gap'
      when v.prev_hash is distinct from v.good_hash then 'prev_hash'
      when v.hash is distinct from v.computed then 'hash'
    end as reason
  from (
    select e.id, e.seq, e.prev_hash, e.hash, e.computed,
      pg_catalog.row_number() over o as k,
      coalesce(pg_catalog.lag(e.seq) over o, $3::bigint) as good_seq,
      coalesce(pg_catalog.lag(e.hash) over o, pg_catalog.decode($4::text, 'hex'::text)) as good_hash,
      pg_catalog.lead(e.seq) over o is null as is_last
    from (
      -- The hash is computed here, before the entries are put in order: the sort then moves five narrow
      -- columns instead of whole entries (offset 0 keeps the planner from merging this level away).
      select c.id, c.seq, c.prev_hash, c.hash,
        pg_catalog.sha256(c.prev_hash || pg_catalog.convert_to(pg_catalog.jsonb_build_array(
          c.chain, c.seq, c.id::text, pg_catalog.to_char(c.at at time zone 'UTC'::text, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'::text),
          c.actor_id::text, c.actor_label, c.entity_type, c.entity_id::text, c.entity_label,
          c.account_id::text, c.action, c.fields, c.approval_id::text
        )::text, 'UTF8'::name)) as computed
      from changes c
      where ${rangeOf(first, '$1', '$5', '$2')}
      offset 0
    ) e
    window o as (order by e.seq, e.id)
  ) v
) w`;
}

/** The entries of chain `$1` in the range (`$3`, `$3` + `$2`], as rows for `ChainWalker` (the JavaScript check). */
const readBatchSql = (first: boolean) =>
  `select ${CHAIN_COLUMNS_SQL} from changes c where ${rangeOf(first, '$1', '$3', '$2')} order by c.seq, c.id`;

/**
 * The chain's first entry after seq `$2` up to the head's seq `$3` (asked when a range ended short: any
 * such entry follows a gap).
 */
const NEXT_ENTRY_SQL = `select ${CHAIN_COLUMNS_SQL} from changes c where c.chain = $1::integer and c.seq > $2::bigint and c.seq <= $3::bigint order by c.seq, c.id limit 1`;

/**
 * The chain's first entry past its head as it stands now — one statement, so the head row and the
 * entries are read in one snapshot: a writer inserts its entries and moves the head in one
 * transaction, so an entry past the head in the same snapshot was never counted by the head (appended
 * with the triggers off, or the head moved back).
 */
const PAST_HEAD_SQL = `select c.id::text as id, c.seq::text as seq from changes c join changes_chain_head h on h.id = c.chain
  where c.chain = $1::integer and c.seq > h.seq order by c.seq, c.id limit 1`;

/**
 * Entries in no chain that has a head row: a chain number outside the heads (below the first,
 * above the last, or a missing one between), none at all, or no seq. Index range scans only.
 */
function strayEntrySql(chains: number[]): string {
  const known = [...chains].sort((a, b) => a - b);
  if (known.length === 0) return `select id::text as id, chain::text as chain, seq::text as seq from changes limit 1`;
  const low = known[0]!;
  const high = known.at(-1)!;
  const missing: number[] = [];
  for (let chain = low; chain <= high; chain += 1) if (!known.includes(chain)) missing.push(chain);
  const conditions = [
    'c.chain is null',
    `c.chain < ${low}`,
    `c.chain > ${high}`,
    ...(missing.length > 0 ? [`c.chain in (${missing.join(',')})`] : []),
    `(c.chain in (${known.join(',')}) and c.seq is null)`,
  ];
  return `select c.id::text as id, c.chain::text as chain, c.seq::text as seq from changes c where ${conditions.join(' or ')} limit 1`;
}

/** The next batch's size: as many entries as fit `batchMs` at the last batch's pace (at most 2× more). */
export function nextBatchSize(size: number, tookMs: number, batchMs: number): number {
  const fitting = (size * batchMs) / Math.max(tookMs, 1);
  return Math.round(Math.min(VERIFY_BATCH.max, size * 2, Math.max(VERIFY_BATCH.min, fitting)));
}

type Broken = NonNullable<VerifyResult['firstBroken']>;

interface ChainProgress {
  /** The last entry that holds (seq 0 and the genesis hash before the first). */
  seq: number;
  hash: Buffer;
  checked: number;
  broken: Broken | null;
}

/**
 * One chain up to seq `upTo` (its head when the check began), walked in batches whose size follows
 * `batchMs`; stops at its first broken link. Entries written while the check runs lie past `upTo` and
 * are left to the next check: the heads and the entries are not read in one snapshot (that would hold
 * one connection — on PGlite the only one — for the whole check).
 */
async function walkChain(
  run: ChainQuery,
  chain: number,
  upTo: number,
  options: Required<Pick<VerifyOptions, 'recompute' | 'batchMs'>> & Pick<VerifyOptions, 'pause' | 'batchSize' | 'keys'>,
): Promise<ChainProgress> {
  const progress: ChainProgress = { seq: 0, hash: GENESIS_HASH, checked: 0, broken: null };
  const walker = options.recompute === 'javascript' ? new ChainWalker(chain) : null;
  let after = 0;
  let size: number = options.batchSize ?? VERIFY_BATCH.first;
  for (let first = true; ; first = false) {
    const started = performance.now();
    const span = Math.max(0, Math.min(size, upTo - after));
    const before = { seq: progress.seq, hash: progress.hash, checked: progress.checked };
    let lastSeq: number | null;
    if (walker) {
      const rows = await run(readBatchSql(first), [chain, span, after]);
      lastSeq = rows.length > 0 ? Number(rows.at(-1)!.seq) : null;
      for (const raw of rows) {
        if (!walker.push(toChainRow(raw as RawChainRow))) break;
      }
      Object.assign(progress, walker.state());
    } else {
      const [row] = await run(verifyBatchSql(first), [chain, span, progress.seq, progress.hash.toString('hex'), after]);
      lastSeq = row?.last_seq == null ? null : Number(row.last_seq);
      if (row?.broken != null) {
        // [id, seq, reason, entries before it (all hold), the last of them: seq, hash]
        const [id, seq, reason, holding, goodSeq, goodHash] = JSON.parse(String(row.broken)) as string[];
        progress.checked += Number(holding);
        progress.seq = Number(goodSeq);
        progress.hash = Buffer.from(String(goodHash), 'hex');
        progress.broken = { id: id ?? null, chain, seq: Number(seq), reason: reason as BrokenReason };
      } else if (lastSeq !== null) {
        progress.checked += Number(row!.n);
        progress.seq = lastSeq;
        progress.hash = Buffer.from(String(row!.last_hash), 'hex');
      }
    }
    if (options.keys) await checkMacs(run, chain, options.keys, before, progress);
    if (progress.broken) return progress;
    after += span;
    if (lastSeq === null || lastSeq < after) {
      // The range ended short: the chain ends here, or whatever comes later follows a gap.
      const [next] = await run(NEXT_ENTRY_SQL, [chain, after, upTo]);
      if (next) {
        progress.broken = { id: String(next.id), chain, seq: Number(next.seq), reason: 'seq_gap' };
        walker?.push(toChainRow(next as RawChainRow));
      }
      return progress;
    }
    if (after >= upTo) return progress;
    size = options.batchSize ?? nextBatchSize(size, performance.now() - started, options.batchMs);
    await options.pause?.();
  }
}

/** The entries of chain `$1` with seq in (`$2`, `$3`], their hashes and MACs. */
const MAC_BATCH_SQL = `select c.id::text as id, c.seq::text as seq, encode(c.hash, 'hex') as hash, encode(m.mac, 'hex') as mac
  from changes c left join changes_mac m on m.change_id = c.id
  where c.chain = $1::integer and c.seq > $2::bigint and c.seq <= $3::bigint order by c.seq, c.id`;

/**
 * The keyed check of the entries a batch found holding (after `before`, up to `progress.seq`): the
 * first whose MAC fails becomes the chain's first broken link, ahead of any later one.
 */
async function checkMacs(
  run: ChainQuery,
  chain: number,
  keys: ChainKeys,
  before: { seq: number; hash: Buffer; checked: number },
  progress: ChainProgress,
): Promise<void> {
  if (progress.seq <= before.seq) return;
  const rows = await run(MAC_BATCH_SQL, [chain, before.seq, progress.seq]);
  let good = before;
  for (const row of rows) {
    const mac = row.mac == null ? null : Buffer.from(String(row.mac), 'hex');
    if (!entryMacHolds(keys, chain, Number(row.seq), String(row.hash), mac)) {
      Object.assign(progress, { seq: good.seq, hash: good.hash, checked: good.checked });
      progress.broken = { id: String(row.id), chain, seq: Number(row.seq), reason: 'mac' };
      return;
    }
    good = { seq: Number(row.seq), hash: Buffer.from(String(row.hash), 'hex'), checked: good.checked + 1 };
  }
}

export const ANCHOR_SQL = `select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, heads::text as heads,
  sealed::text as sealed, encode(mac, 'hex') as mac from changes_anchor where id = 1`;

/** Whether the anchor row (as ANCHOR_SQL reads it) carries its MAC under `keys`. */
export const anchorRowHolds = (keys: ChainKeys, anchor: Record<string, unknown>): boolean =>
  anchorMacHolds(
    keys,
    anchorParts(String(anchor.at), String(anchor.heads), Number(anchor.sealed)),
    Buffer.from(String(anchor.mac), 'hex'),
  );

/** The personal values after id `$1`, a batch of them (keyset). */
const VALUES_BATCH_SQL = `select id::text as id, person_id::text as person_id, value, encode(mac, 'hex') as mac
  from history_personal_values where id > $1::uuid order by id limit 5000`;

/** Every personal value's MAC (changed or forged values); the first broken one's id. */
async function checkValues(
  run: ChainQuery,
  keys: ChainKeys,
  pause?: () => Promise<void>,
): Promise<NonNullable<VerifyResult['personalValues']>> {
  let checked = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await run(VALUES_BATCH_SQL, [after]);
    for (const row of rows) {
      const mac = row.mac == null ? null : Buffer.from(String(row.mac), 'hex');
      if (!valueMacHolds(keys, String(row.id), String(row.person_id), String(row.value), mac)) {
        return { checked, broken: String(row.id) };
      }
      checked += 1;
    }
    if (rows.length < 5000) return { checked, broken: null };
    after = String(rows.at(-1)!.id);
    await pause?.();
  }
}

/**
 * The chains against the last checkpoint: each chain it names must still have its head row and reach
 * the checkpoint's seq with the same hash there; the anchor must be the one it names.
 */
async function checkCheckpoint(
  run: ChainQuery,
  checkpoint: Checkpoint,
  result: VerifyResult,
  anchoredAt: string | null,
): Promise<Broken | null> {
  if ((checkpoint.anchoredAt ?? null) !== anchoredAt) return { id: null, chain: 0, seq: 0, reason: 'checkpoint' };
  for (const mark of checkpoint.heads) {
    if (mark.seq === 0) continue;
    const head = result.heads.find((entry) => entry.chain === mark.chain);
    if (!head || head.broken) {
      if (!head) return { id: null, chain: mark.chain, seq: mark.seq, reason: 'checkpoint' };
      continue;
    }
    if (head.seq < mark.seq) return { id: null, chain: mark.chain, seq: mark.seq, reason: 'checkpoint' };
    const [row] = await run(
      `select encode(hash, 'hex') as hash from changes where chain = $1::integer and seq = $2::bigint`,
      [mark.chain, mark.seq],
    );
    if (!row || String(row.hash) !== mark.hash)
      return { id: null, chain: mark.chain, seq: mark.seq, reason: 'checkpoint' };
  }
  return null;
}

/**
 * Verifies every chain (`GET /changes/verify` and `npm run audit:verify` alike): each in keyset
 * batches up to its head as read at the start, stopping at its first broken link; then the head row
 * must name the last entry walked (`head`: entries at the end were deleted), no entry may lie past the
 * head as it stands then (`head`: appended behind the triggers' back), and an entry in no chain with a
 * head row is broken too. Entries written meanwhile by the app are not reported: each lies past the
 * head read at the start and within the head read at the end.
 * Reports every chain's newest holding link and first broken one, and the first broken link overall
 * (the lowest chain's).
 */
export async function verifyChain(run: ChainQuery, options: VerifyOptions = {}): Promise<VerifyResult> {
  const settings = { ...options, recompute: options.recompute ?? 'database', batchMs: options.batchMs ?? 50 };
  const heads = (await run(CHAIN_HEADS_SQL, [])).map((head) => ({
    chain: Number(head.chain),
    seq: Number(head.seq),
    hash: Buffer.from(String(head.hash), 'hex'),
  }));
  const result: VerifyResult = { ok: true, checked: 0, heads: [], firstBroken: null };
  for (const head of heads) {
    const progress = await walkChain(run, head.chain, head.seq, settings);
    if (!progress.broken && (head.seq !== progress.seq || (progress.seq !== 0 && !head.hash.equals(progress.hash)))) {
      progress.broken = { id: null, chain: head.chain, seq: head.seq, reason: 'head' };
    }
    if (!progress.broken) {
      const [past] = await run(PAST_HEAD_SQL, [head.chain]);
      if (past) progress.broken = { id: String(past.id), chain: head.chain, seq: Number(past.seq), reason: 'head' };
    }
    result.checked += progress.checked;
    result.heads.push({
      chain: head.chain,
      seq: progress.seq,
      hash: progress.checked > 0 ? progress.hash.toString('hex') : null,
      broken: progress.broken && { id: progress.broken.id, seq: progress.broken.seq, reason: progress.broken.reason },
    });
    result.firstBroken ??= progress.broken;
    await settings.pause?.();
  }
  const [stray] = await run(strayEntrySql(heads.map((head) => head.chain)), []);
  if (stray) {
    result.firstBroken ??= {
      id: String(stray.id),
      chain: Number(stray.chain ?? 0),
      seq: Number(stray.seq ?? 0),
      reason: 'seq_gap',
    };
  }
  if (settings.keys) {
    result.keyed = true;
    const [anchor] = await run(ANCHOR_SQL, []);
    const anchoredAt = anchor ? String(anchor.at) : null;
    if (anchor && !anchorRowHolds(settings.keys, anchor)) {
      result.firstBroken ??= { id: null, chain: 0, seq: 0, reason: 'mac' };
    }
    result.personalValues = await checkValues(run, settings.keys, settings.pause);
    if (result.personalValues.broken)
      result.firstBroken ??= { id: result.personalValues.broken, chain: 0, seq: 0, reason: 'mac' };
    result.checkpointAt = settings.checkpoint?.at ?? null;
    if (settings.checkpoint) result.firstBroken ??= await checkCheckpoint(run, settings.checkpoint, result, anchoredAt);
  }
  result.ok = result.firstBroken === null;
  return result;
}
