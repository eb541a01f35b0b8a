import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/rows';
import type { Db } from '@/lib/server/db/types';
import { auditChainKeys } from './chain-keys';
import { anchorMac, anchorParts, entryMac, valueMac } from './keyed';

const BATCH = 2000;

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
    let sealed = 0;
    for (let after = { chain: 0, seq: 0 }; ;) {
      const rows = await rowsOf<{ id: string; chain: string; seq: string; hash: string }>(
        tx,
        sql`select c.id::text as id, c.chain::text as chain, c.seq::text as seq, encode(c.hash, 'hex') as hash
          from changes c where (c.chain, c.seq) > (${after.chain}::integer, ${after.seq}::bigint)
            and not exists (select 1 from changes_mac m where m.change_id = c.id)
          order by c.chain, c.seq limit ${BATCH}`,
      );
      if (rows.length === 0) break;
      const values = rows.map(
        (row) =>
          sql`(${row.id}::uuid, decode(${entryMac(keys, Number(row.chain), Number(row.seq), row.hash).toString('hex')}, 'hex'))`,
      );
      await tx.execute(sql`insert into changes_mac (change_id, mac) values ${sql.join(values, sql`, `)}`);
      sealed += rows.length;
      const last = rows.at(-1)!;
      after = { chain: Number(last.chain), seq: Number(last.seq) };
    }
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
