import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The keyed chain (issue 44, docs/security.md "Keyed chain"). The database computes the plain SHA-256
 * chain (chain.ts); the app adds, in the entry's own transaction, `mac = HMAC-SHA256(key, "ebmt-entry/1",
 * chain, seq, hash)` — the hash covers the entry and, through prev_hash, everything before it. The key
 * (AUDIT_CHAIN_KEY) never reaches the database, so whoever can write the database but not read the
 * app's configuration cannot forge, rewrite or re-link an entry without it showing. Personal values
 * (history_personal_values) carry their own MAC over id, person and value; checkpoint lines are signed.
 * Each message starts with its kind, so a MAC of one kind never passes as another.
 */
export interface ChainKeys {
  /** Writes and checks. */
  current: Buffer;
  /** Checks only (after a rotation, until the entries are re-sealed). */
  previous: Buffer[];
}

/** The development key used when AUDIT_CHAIN_KEY is unset outside production (never in production). */
export const DEVELOPMENT_CHAIN_KEY = 'development-only-audit-chain-key-not-for-production';

export function chainKeys(current: string, previous: string[] = []): ChainKeys {
  return { current: Buffer.from(current, 'utf8'), previous: previous.map((key) => Buffer.from(key, 'utf8')) };
}

const mac = (key: Buffer, parts: string[]): Buffer => {
  const hmac = createHmac('sha256', key);
  for (const part of parts) hmac.update(`${part.length}:${part};`, 'utf8');
  return hmac.digest();
};

const entryParts = (chain: number, seq: number, hashHex: string) => [
  'ebmt-entry/1',
  String(chain),
  String(seq),
  hashHex,
];
const valueParts = (id: string, personId: string, value: string) => ['ebmt-value/1', id, personId, value];

export const entryMac = (keys: ChainKeys, chain: number, seq: number, hashHex: string): Buffer =>
  mac(keys.current, entryParts(chain, seq, hashHex));

export const valueMac = (keys: ChainKeys, id: string, personId: string, value: string): Buffer =>
  mac(keys.current, valueParts(id, personId, value));

const matches = (keys: ChainKeys, parts: string[], given: Buffer | null): boolean => {
  if (!given || given.length !== 32) return false;
  return [keys.current, ...keys.previous].some((key) => timingSafeEqual(mac(key, parts), given));
};

export const entryMacHolds = (keys: ChainKeys, chain: number, seq: number, hashHex: string, given: Buffer | null) =>
  matches(keys, entryParts(chain, seq, hashHex), given);

export const valueMacHolds = (keys: ChainKeys, id: string, personId: string, value: string, given: Buffer | null) =>
  matches(keys, valueParts(id, personId, value), given);

/** The anchor row's MAC: when, which heads, how many entries it sealed. */
export const anchorParts = (at: string, heads: string, sealed: number) => ['ebmt-anchor/1', at, heads, String(sealed)];
export const anchorMac = (keys: ChainKeys, parts: string[]): Buffer => mac(keys.current, parts);
export const anchorMacHolds = (keys: ChainKeys, parts: string[], given: Buffer | null) => matches(keys, parts, given);

/** A checkpoint: every chain's head (seq and hash) at a time, signed; one JSON line outside the database. */
export interface Checkpoint {
  kind: 'ebmt-audit-checkpoint';
  at: string;
  /** When the entries before the key were sealed (the anchor row), or null: a new anchor later is tampering. */
  anchoredAt: string | null;
  heads: { chain: number; seq: number; hash: string }[];
  sig: string;
}

const checkpointParts = (checkpoint: Omit<Checkpoint, 'sig'>) => [
  'ebmt-checkpoint/1',
  checkpoint.at,
  checkpoint.anchoredAt ?? '',
  checkpoint.heads.map((head) => `${head.chain}#${head.seq}#${head.hash}`).join(','),
];

export function signCheckpoint(keys: ChainKeys, checkpoint: Omit<Checkpoint, 'kind' | 'sig'>): Checkpoint {
  const body = { kind: 'ebmt-audit-checkpoint' as const, ...checkpoint };
  return { ...body, sig: mac(keys.current, checkpointParts(body)).toString('hex') };
}

/**
 * The newest checkpoint with a valid signature in a file's text (JSON lines; other lines, e.g. a
 * log's, are skipped). `forged` counts lines that look like checkpoints but whose signature fails.
 */
export function latestCheckpoint(keys: ChainKeys, text: string): { checkpoint: Checkpoint | null; forged: number } {
  let latest: Checkpoint | null = null;
  let forged = 0;
  for (const line of text.split('\n')) {
    const start = line.indexOf('{"kind":"ebmt-audit-checkpoint"');
    if (start < 0) continue;
    let parsed: Checkpoint;
    try {
      parsed = JSON.parse(line.slice(start)) as Checkpoint;
    } catch {
      forged += 1;
      continue;
    }
    const valid =
      typeof parsed.sig === 'string' &&
      Array.isArray(parsed.heads) &&
      matches(keys, checkpointParts(parsed), Buffer.from(parsed.sig, 'hex'));
    if (!valid) forged += 1;
    else if (!latest || parsed.at >= latest.at) latest = parsed;
  }
  return { checkpoint: latest, forged };
}

/**
 * A record's snapshot as of one of its entries (issue 51, snapshots.ts) and the record's mark (which
 * generation of snapshots holds, the chain heads and the guard they were verified against): the
 * database holds them as a cache, the MAC keeps anyone without the key from forging or moving one.
 */
export const snapshotMac = (keys: ChainKeys, parts: string[]): Buffer => mac(keys.current, ['ebmt-snapshot/1', ...parts]);
export const snapshotMacHolds = (keys: ChainKeys, parts: string[], given: Buffer | null) =>
  matches(keys, ['ebmt-snapshot/1', ...parts], given);
export const snapshotMarkMac = (keys: ChainKeys, parts: string[]): Buffer =>
  mac(keys.current, ['ebmt-snapshot-mark/1', ...parts]);
export const snapshotMarkMacHolds = (keys: ChainKeys, parts: string[], given: Buffer | null) =>
  matches(keys, ['ebmt-snapshot-mark/1', ...parts], given);
