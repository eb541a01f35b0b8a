import { type ChainQuery, verifyChain, type VerifyResult } from './chain';
import {
  anchorMac,
  anchorParts,
  type ChainKeys,
  type Checkpoint,
  entryMac,
  entryMacHolds,
  valueMac,
  valueMacHolds,
} from './keyed';

/**
 * Re-sealing after a rotation of AUDIT_CHAIN_KEY (`npm run audit:reseal`, docs/security.md "Keyed chain"):
 * every MAC — each entry's (`changes_mac`), each personal value's and the anchor's — is recomputed under
 * the new key, so the old key can be retired (a leaked old key then forges nothing that verifies).
 * Only a history that verifies first: the whole keyed check under the old key (entries already sealed
 * under the new one, written since the rotation, pass too) and against the last checkpoint. Each batch
 * checks its MACs again before replacing them, so nothing forged after that check is ever sealed.
 * Run it in one transaction (the script does): a failure leaves every MAC as it was.
 */
export interface ResealOptions {
  /** Entries or values per statement. */
  batch?: number;
  /** The newest valid checkpoint (under either key), held against before anything is re-sealed. */
  checkpoint?: Checkpoint | null;
  /** Awaited between batches. */
  pause?: () => Promise<void>;
}

export type ResealResult =
  { ok: true; entries: number; values: number; anchor: boolean } | { ok: false; verify: VerifyResult; reason: string };

export async function resealChain(
  run: ChainQuery,
  oldKey: Buffer,
  newKey: Buffer,
  options: ResealOptions = {},
): Promise<ResealResult> {
  const batch = options.batch ?? 2000;
  // Accepted: a MAC under the old key, or under the new one (written since the rotation).
  const accepted: ChainKeys = { current: oldKey, previous: newKey.equals(oldKey) ? [] : [newKey] };
  const sealing: ChainKeys = { current: newKey, previous: [] };
  const verify = await verifyChain(run, {
    keys: accepted,
    checkpoint: options.checkpoint ?? null,
    pause: options.pause,
  });
  if (!verify.ok) {
    const broken = verify.firstBroken;
    return {
      ok: false,
      verify,
      reason: `the history does not verify under the old key: chain ${broken?.chain} #${broken?.seq} ${broken?.id ?? ''} (${broken?.reason})`,
    };
  }
  let entries = 0;
  for (const head of verify.heads) {
    for (let after = 0; after < head.seq;) {
      const rows = await run(
        `select c.id::text as id, c.seq::text as seq, encode(c.hash, 'hex') as hash, encode(m.mac, 'hex') as mac
          from changes c left join changes_mac m on m.change_id = c.id
          where c.chain = $1::integer and c.seq > $2::bigint and c.seq <= $3::bigint order by c.seq`,
        [head.chain, after, Math.min(after + batch, head.seq)],
      );
      if (rows.length === 0) break;
      const ids: string[] = [];
      const macs: string[] = [];
      for (const row of rows) {
        const given = row.mac == null ? null : Buffer.from(String(row.mac), 'hex');
        if (!entryMacHolds(accepted, head.chain, Number(row.seq), String(row.hash), given)) {
          return { ok: false, verify, reason: `entry ${String(row.id)} changed while re-sealing (its MAC fails)` };
        }
        ids.push(String(row.id));
        macs.push(entryMac(sealing, head.chain, Number(row.seq), String(row.hash)).toString('hex'));
      }
      await run(
        `update changes_mac m set mac = decode(v.mac, 'hex')
          from unnest($1::uuid[], $2::text[]) as v(id, mac) where m.change_id = v.id`,
        [ids, macs],
      );
      entries += rows.length;
      after = Number(rows.at(-1)!.seq);
      await options.pause?.();
    }
  }
  let values = 0;
  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const rows = await run(
      `select id::text as id, person_id::text as person_id, value, encode(mac, 'hex') as mac
        from history_personal_values where id > $1::uuid order by id limit $2::integer`,
      [after, batch],
    );
    if (rows.length === 0) break;
    const ids: string[] = [];
    const macs: string[] = [];
    for (const row of rows) {
      const given = row.mac == null ? null : Buffer.from(String(row.mac), 'hex');
      if (!valueMacHolds(accepted, String(row.id), String(row.person_id), String(row.value), given)) {
        return {
          ok: false,
          verify,
          reason: `personal value ${String(row.id)} changed while re-sealing (its MAC fails)`,
        };
      }
      ids.push(String(row.id));
      macs.push(valueMac(sealing, String(row.id), String(row.person_id), String(row.value)).toString('hex'));
    }
    await run(
      `update history_personal_values h set mac = decode(v.mac, 'hex')
        from unnest($1::uuid[], $2::text[]) as v(id, mac) where h.id = v.id`,
      [ids, macs],
    );
    values += rows.length;
    after = String(rows.at(-1)!.id);
    await options.pause?.();
  }
  // The anchor row (verified above with the rest): the same time, heads and count, under the new key.
  const [anchor] = await run(
    `select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, heads::text as heads,
      sealed::text as sealed from changes_anchor where id = 1`,
    [],
  );
  if (anchor) {
    const mac = anchorMac(sealing, anchorParts(String(anchor.at), String(anchor.heads), Number(anchor.sealed)));
    await run(`update changes_anchor set mac = decode($1::text, 'hex') where id = 1`, [mac.toString('hex')]);
  }
  return { ok: true, entries, values, anchor: Boolean(anchor) };
}
