import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/rows';
import type { Db, DbOrTx } from '@/lib/server/db/types';
import { auditChainKeys } from './chain-keys';
import { ANCHOR_SQL, anchorRowHolds } from './chain';
import { anchorMac, anchorParts, type ChainKeys, entryMac, valueMac } from './keyed';

const BATCH = 2000;

/**
 * Gives every entry without a MAC past `heads` (chain → seq; all entries without) its MAC under
 * `keys`, `batch` entries a statement, and answers how many. Only for the holder of the key
 * who knows where those entries come from: the one-time anchoring below (entries written before the
 * key) and the scale seed (its own entries, written after an earlier start had anchored).
 */
export async function sealEntriesWithoutMac(
  tx: DbOrTx,
  keys: ChainKeys,
  { heads = {}, batch = BATCH }: { heads?: Record<number, number>; batch?: number } = {},
): Promise<number> {
  const past = JSON.stringify(heads);
  let sealed = 0;
  for (let after = { chain: 0, seq: 0 }; ;) {
    const rows = await rowsOf<{ id: string; chain: string; seq: string; hash: string }>(
      tx,
      sql`select c.id::text as id, c.chain::text as chain, c.seq::text as seq, encode(c.hash, 'hex') as hash
        from changes c where (c.chain, c.seq) > (${after.chain}::integer, ${after.seq}::bigint)
          and c.seq > coalesce((${past}::jsonb ->> c.chain::text)::bigint, 0)
          and not exists (select 1 from changes_mac m where m.change_id = c.id)
        order by c.chain, c.seq limit ${batch}`,
    );
    if (rows.length === 0) return sealed;
    const macs = rows.map((row) => ({
      id: row.id,
      mac: entryMac(keys, Number(row.chain), Number(row.seq), row.hash).toString('hex'),
    }));
    await tx.execute(
      sql`insert into changes_mac (change_id, mac)
        select r.id, decode(r.mac, 'hex') from jsonb_to_recordset(${JSON.stringify(macs)}::jsonb) as r(id uuid, mac text)`,
    );
    sealed += rows.length;
    const last = rows.at(-1)!;
    after = { chain: Number(last.chain), seq: Number(last.seq) };
  }
}

/**
 * Whether the history is anchored (null: not yet) and, if so, under `keys` (its MAC holds; false
 * without keys): only then may the holder of those keys seal entries after it.
 */
export async function anchoredUnder(tx: DbOrTx, keys: ChainKeys | null): Promise<boolean | null> {
  const [anchor] = await rowsOf<Record<string, unknown>>(tx, sql.raw(ANCHOR_SQL));
  if (!anchor) return null;
  return keys !== null && anchorRowHolds(keys, anchor);
}

/**
 * Re-anchors the history once under AUDIT_CHAIN_KEY (issue 44): on the first start with the keyed
 * chain, every entry and personal value without a MAC (written before the key, or by the seed) gets
 * one, and the anchor row records when, the heads then and how many were sealed — under the key too.
 * It runs once per database: with the anchor row present it does nothing (so a later entry forged
 * behind the app is never sealed; deleting the anchor row to re-anchor shows against the checkpoints,
 * which name the anchor's time). Writes may go on meanwhile: an entry commits with its MAC in one
 * transaction, so what this transaction sees without one was written before the key. The advisory
 * lock lets one instance of several do it. Runs only under a configured key (`anchorsAtStart`).
 * Proves: the entries were as they are now at the anchor's time. Cannot prove: what happened to them
 * before (the unkeyed chain could be recomputed by anyone who could write the database).
 */
export async function anchorChain(db: Db): Promise<{ sealed: number } | null> {
  const keys = auditChainKeys();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4404401)`);
    const [done] = await rowsOf<{ id: number }>(tx, sql`select id from changes_anchor where id = 1`);
    if (done) return null;
    const heads = await rowsOf<{ chain: string; seq: string; hash: string }>(
      tx,
      sql`select id::text as chain, seq::text as seq, encode(hash, 'hex') as hash from changes_chain_head order by id`,
    );
    const sealed = await sealEntriesWithoutMac(tx, keys);
    for (;;) {
      const rows = await rowsOf<{ id: string; person_id: string; value: string }>(
        tx,
        sql`select id::text as id, person_id::text as person_id, value from history_personal_values where mac is null limit ${BATCH}`,
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const mac = valueMac(keys, row.id, row.person_id, row.value).toString('hex');
        await tx.execute(
          sql`update history_personal_values set mac = decode(${mac}, 'hex') where id = ${row.id}::uuid`,
        );
      }
    }
    const [{ at }] = (await rowsOf<{ at: string }>(
      tx,
      sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
    )) as [{ at: string }];
    const headsJson = JSON.stringify(
      heads.map((head) => ({ chain: Number(head.chain), seq: Number(head.seq), hash: head.hash })),
    );
    // Stored as text of jsonb: read back with heads::text, which must give the same string for the MAC.
    const [{ text }] = (await rowsOf<{ text: string }>(tx, sql`select (${headsJson}::jsonb)::text as text`)) as [
      { text: string },
    ];
    const mac = anchorMac(keys, anchorParts(at, text, sealed)).toString('hex');
    await tx.execute(
      sql`insert into changes_anchor (id, at, heads, sealed, mac) values (1, ${at}::timestamptz, ${text}::jsonb, ${sealed}, decode(${mac}, 'hex'))`,
    );
    if (sealed > 0) console.log(`[audit] the history was re-anchored under AUDIT_CHAIN_KEY: ${sealed} entries sealed`);
    return { sealed };
  });
}
