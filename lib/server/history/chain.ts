import { createHash } from 'node:crypto';

/**
 * The history's hash chain (issue 29, README "Tamper evidence"). Every entry carries
 * `hash = SHA-256(prev_hash || UTF-8(canonical entry))`, prev_hash of the first entry being 32 zero
 * bytes. The database computes it in the `changes_link` trigger (`changes_canonical()`, migration
 * 0010); this module recomputes it independently, so the verifier trusts nothing the database says
 * about hashes.
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

export type BrokenReason = 'hash' | 'prev_hash' | 'seq_gap' | 'head';

export interface ChainHead {
  chain: number;
  seq: number;
  /** The newest link checked (hex), for an auditor to note down. */
  hash: string | null;
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  heads: ChainHead[];
  firstBroken: { id: string | null; chain: number; seq: number; reason: BrokenReason } | null;
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

  finish(head: { seq: number; hash: Buffer } | null): WalkResult {
    const lastSeq = this.expectedSeq - 1;
    if (!this.broken && head && (head.seq !== lastSeq || !(lastSeq === 0 || head.hash.equals(this.prev)))) {
      this.broken = { id: null, chain: this.chain, seq: head.seq, reason: 'head' };
    }
    return {
      checked: this.checked,
      head: { chain: this.chain, seq: lastSeq, hash: this.checked > 0 ? this.prev.toString('hex') : null },
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

/** Rows per query while walking (keyset on seq). */
export const VERIFY_BATCH = 5000;

/** The heads' query (every chain's newest link, as the triggers left it). */
export const CHAIN_HEADS_SQL = `select id::text as chain, seq::text as seq, encode(hash, 'hex') as hash from changes_chain_head order by id`;

/**
 * Walks every chain with any query function (`run(sqlText, params)` → rows), each in keyset
 * batches; an entry in a chain without a head row is broken too. Used by `GET /changes/verify`
 * and `npm run audit:verify` alike.
 */
export async function verifyChain(
  run: (text: string, params: unknown[]) => Promise<RawChainRow[]>,
  readHeads: () => Promise<{ chain: number; seq: number; hash: Buffer }[]>,
): Promise<VerifyResult> {
  const heads = await readHeads();
  const result: VerifyResult = { ok: true, checked: 0, heads: [], firstBroken: null };
  for (const head of heads) {
    const walked = await walkChain(run, head.chain, head);
    result.checked += walked.checked;
    result.heads.push(walked.head);
    if (walked.firstBroken && !result.firstBroken) result.firstBroken = walked.firstBroken;
  }
  const known = heads.map((head) => head.chain).join(',') || '0';
  const [stray] = await run(
    `select ${CHAIN_COLUMNS_SQL} from changes c where c.chain not in (${known}) order by c.chain, c.seq limit 1`,
    [],
  );
  if (stray && !result.firstBroken) {
    result.firstBroken = { id: stray.id, chain: Number(stray.chain), seq: Number(stray.seq), reason: 'seq_gap' };
  }
  result.ok = result.firstBroken === null;
  return result;
}

async function walkChain(
  run: (text: string, params: unknown[]) => Promise<RawChainRow[]>,
  chain: number,
  head: { seq: number; hash: Buffer },
): Promise<WalkResult> {
  const walker = new ChainWalker(chain);
  let after = 0;
  for (;;) {
    const rows = await run(
      `select ${CHAIN_COLUMNS_SQL} from changes c where c.chain = ${Number(chain)} and c.seq > $1 order by c.seq limit ${VERIFY_BATCH}`,
      [after],
    );
    for (const raw of rows) {
      if (!walker.push(toChainRow(raw))) return walker.finish(null);
    }
    if (rows.length < VERIFY_BATCH) break;
    after = Number(rows.at(-1)?.seq);
  }
  return walker.finish(head);
}
