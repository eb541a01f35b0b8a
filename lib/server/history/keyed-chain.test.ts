/**
 * @jest-environment node
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';
import { anchorChain } from './anchor';
import { verifyChain, type ChainQuery, type VerifyResult } from './chain';
import { auditChainKeys } from './chain-keys';
import { readCheckpoint, takeCheckpoint } from './checkpoint';
import { chainKeys, type Checkpoint, latestCheckpoint } from './keyed';
import { pseudonym, resolveRefs } from './personal-refs';
import { recordChange } from './record-change';
import { loadRefLookup } from './ref-lookup';

/** The keyed chain (issue 44): every tampering of the red-team matrix, on a migrated database. */
jest.setTimeout(120_000);

// The checkpoint lines and the anchoring go to the log; not into the test output.
beforeAll(() => jest.spyOn(console, 'log').mockImplementation(() => undefined));
afterAll(() => jest.restoreAllMocks());

const GENESIS = `decode(repeat('00', 32), 'hex')`;
const CANONICAL = `changes_canonical(c.chain, c.seq, c.id, c.at, c.actor_id, c.actor_label, c.entity_type, c.entity_id,
  c.entity_label, c.account_id, c.action, c.fields, c.approval_id)`;
/** Re-links chain 1 from seq `from` on as the trigger would (plain SHA-256, no key) and moves its head. */
const relinkFrom = (from: number) => `DO $$ DECLARE r record; prev bytea; BEGIN
  prev := coalesce((SELECT hash FROM changes WHERE chain = 1 AND seq = ${from} - 1), ${GENESIS});
  FOR r IN SELECT id FROM changes WHERE chain = 1 AND seq >= ${from} ORDER BY seq LOOP
    UPDATE changes c SET prev_hash = prev, hash = sha256(prev || convert_to(${CANONICAL}, 'UTF8')) WHERE c.id = r.id
      RETURNING c.hash INTO prev;
  END LOOP;
  UPDATE changes_chain_head SET seq = (SELECT max(seq) FROM changes WHERE chain = 1), hash = prev WHERE id = 1;
END $$;`;

describe('the keyed chain against the red-team tampering matrix', () => {
  let client: PGlite;
  let db: Db;
  let userId: string;
  /** The entries of chain 1 by seq. */
  let bySeq: string[];
  let checkpoint: Checkpoint;
  let last: number;
  const keys = () => auditChainKeys();

  /**
   * Tampers in a transaction that is rolled back (each case on its own copy of the same database):
   * `plain` is today's unkeyed check, `keyed` the check with the key and the last checkpoint.
   */
  async function tampered(statements: string, options: { triggers?: boolean } = {}) {
    let answer: { plain: VerifyResult; keyed: VerifyResult; javascript: VerifyResult } | undefined;
    await client.transaction(async (tx) => {
      const off = options.triggers
        ? ''
        : 'ALTER TABLE changes DISABLE TRIGGER USER; ALTER TABLE changes_chain_head DISABLE TRIGGER USER;';
      await tx.exec(`${off} ${statements}`);
      const run: ChainQuery = async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows;
      answer = {
        plain: await verifyChain(run, { batchSize: 4 }),
        keyed: await verifyChain(run, { batchSize: 4, keys: keys(), checkpoint }),
        javascript: await verifyChain(run, { recompute: 'javascript', batchSize: 3, keys: keys(), checkpoint }),
      };
      await tx.rollback();
    });
    // Both ways of recomputing agree.
    expect(answer!.javascript).toEqual(answer!.keyed);
    return answer!;
  }

  beforeAll(async () => {
    ({ client, db } = await openMigratedPglite());
    // Written before the key: the anchor seals it once.
    await client.query(
      `insert into changes (entity_type, entity_id, entity_label, action) values ('account', gen_random_uuid(), 'Vor dem Schlüssel', 'create')`,
    );
    expect(await anchorChain(db)).toEqual({ sealed: 1 });
    expect(await anchorChain(db)).toBeNull();
    const [user] = await db
      .insert(schema.users)
      .values({ email: 'vera@example.com', firstName: 'Vera', lastName: 'Muster', role: 'admin' })
      .returning({ id: schema.users.id });
    userId = user!.id;
    const actor = { id: userId, firstName: 'Vera', lastName: 'Muster', email: 'vera@example.com' };
    await recordChange(db, {
      actor,
      entityType: 'user',
      entityId: userId,
      entityLabel: 'Vera Muster',
      action: 'update',
      fields: [{ field: 'email', before: 'vera.alt@example.com', after: 'vera@example.com' }],
    });
    for (let index = 1; index <= 10; index += 1) {
      await db.transaction((tx) =>
        recordChange(tx, {
          actor,
          entityType: 'account',
          entityId: '22222222-2222-4222-8222-222222222222',
          entityLabel: `Konto ${index}`,
          action: 'update',
          fields: [{ field: 'notes', before: index - 1, after: index }],
        }),
      );
    }
    bySeq = [
      '',
      ...(await client.query<{ id: string }>(`select id from changes where chain = 1 order by seq`)).rows.map(
        (row) => row.id,
      ),
    ];
    last = bySeq.length - 1;
    expect(last).toBe(12);
    const run: ChainQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
    checkpoint = await takeCheckpoint(run, keys());
  });

  afterAll(async () => {
    await client?.close();
  });

  it('holds untouched: every entry, personal value and the anchor under the key, and against the checkpoint', async () => {
    const { keyed } = await tampered('');
    expect(keyed).toMatchObject({ ok: true, checked: last, keyed: true, firstBroken: null });
    expect(keyed.personalValues).toEqual({ checked: 13, broken: null });
    expect(keyed.checkpointAt).toBe(checkpoint.at);
  });

  // Found before the key too (the plain chain), and still found.
  it.each([
    ['a changed field', () => `UPDATE changes SET fields = '[]' WHERE id = '${bySeq[5]}'`, 5, 'hash'],
    ['a deleted entry', () => `DELETE FROM changes WHERE id = '${bySeq[5]}'`, 6, 'seq_gap'],
    [
      'two entries swapped (order)',
      () => `UPDATE changes SET seq = seq + 1000 WHERE chain = 1 AND seq IN (5, 6);
        UPDATE changes SET seq = CASE seq WHEN 1005 THEN 6 ELSE 5 END WHERE chain = 1 AND seq > 1000`,
      5,
      'prev_hash',
    ],
    [
      'two time stamps swapped',
      () => `UPDATE changes c SET at = o.at FROM changes o
        WHERE c.chain = 1 AND o.chain = 1 AND ((c.seq = 5 AND o.seq = 6) OR (c.seq = 6 AND o.seq = 5))`,
      5,
      'hash',
    ],
    ['the head moved', () => `UPDATE changes_chain_head SET seq = seq + 1 WHERE id = 1`, 13, 'head'],
    ['the head replaced', () => `UPDATE changes_chain_head SET hash = sha256('x'::bytea) WHERE id = 1`, 12, 'head'],
  ])('%s: found without and with the key', async (_name, statements, seq, reason) => {
    const { plain, keyed } = await tampered(statements());
    expect(plain.ok).toBe(false);
    expect(keyed.ok).toBe(false);
    expect(keyed.firstBroken).toMatchObject({ chain: 1, seq, reason });
  });

  // Not found by the plain chain (its `ok` is true), found by the keyed one.
  it('a forged entry appended with recomputed hashes: it has no valid MAC', async () => {
    const { plain, keyed } = await tampered(`
      INSERT INTO changes (chain, seq, id, at, actor_label, entity_type, entity_id, entity_label, action, fields, prev_hash, hash)
      VALUES (1, ${last + 1}, '99999999-9999-4999-8999-999999999999', now(), 'System', 'account', gen_random_uuid(),
        'Gefälscht', 'delete', '[]', '\\x00', '\\x00');
      ${relinkFrom(last + 1)}`);
    expect(plain).toMatchObject({ ok: true, checked: last + 1 });
    expect(keyed.firstBroken).toEqual({
      id: '99999999-9999-4999-8999-999999999999',
      chain: 1,
      seq: last + 1,
      reason: 'mac',
    });
  });

  it('a backdated insert through the trigger (insert rights only): it has no MAC', async () => {
    const { plain, keyed } = await tampered(
      `INSERT INTO changes (at, actor_label, entity_type, entity_id, entity_label, action)
       VALUES ('2020-01-01T00:00:00Z', 'System', 'account', gen_random_uuid(), 'Rückdatiert', 'create')`,
      { triggers: true },
    );
    expect(plain).toMatchObject({ ok: true, checked: last + 1 });
    expect(keyed.firstBroken).toMatchObject({ chain: 1, seq: last + 1, reason: 'mac' });
  });

  it('the last 3 entries deleted and the head moved back: the chain ends before its checkpoint', async () => {
    const { plain, keyed } = await tampered(`DELETE FROM changes WHERE chain = 1 AND seq > ${last - 3};
      UPDATE changes_chain_head h SET seq = c.seq, hash = c.hash FROM changes c WHERE h.id = 1 AND c.chain = 1 AND c.seq = ${last - 3}`);
    expect(plain).toMatchObject({ ok: true, checked: last - 3 });
    expect(keyed.firstBroken).toEqual({ id: null, chain: 1, seq: last, reason: 'checkpoint' });
  });

  it('an old entry rewritten and every later hash recomputed: its MAC fails', async () => {
    const { plain, keyed } = await tampered(`UPDATE changes SET entity_label = 'Konto X' WHERE id = '${bySeq[4]}';
      ${relinkFrom(4)}`);
    expect(plain).toMatchObject({ ok: true, checked: last });
    expect(keyed).toMatchObject({ checked: 3, firstBroken: { id: bySeq[4], chain: 1, seq: 4, reason: 'mac' } });
  });

  it('a changed personal value: its MAC fails', async () => {
    const [value] = (
      await client.query<{ id: string }>(
        `select id from history_personal_values where person_id = $1 and value = 'vera.alt@example.com'`,
        [userId],
      )
    ).rows;
    const { plain, keyed } = await tampered(
      `UPDATE history_personal_values SET value = 'jemand.anders@example.com' WHERE id = '${value!.id}'`,
    );
    expect(plain.ok).toBe(true);
    expect(keyed.personalValues?.broken).toBe(value!.id);
    expect(keyed.firstBroken).toEqual({ id: value!.id, chain: 0, seq: 0, reason: 'mac' });
  });

  it('a whole chain deleted with its head: the checkpoint names it', async () => {
    const { plain, keyed } = await tampered(
      `DELETE FROM changes WHERE chain = 1; DELETE FROM changes_chain_head WHERE id = 1`,
    );
    expect(plain).toMatchObject({ ok: true, checked: 0 });
    expect(keyed.firstBroken).toEqual({ id: null, chain: 1, seq: last, reason: 'checkpoint' });
  });

  it('a wrong key finds every entry', async () => {
    const run: ChainQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
    const result = await verifyChain(run, { keys: chainKeys('another-key-another-key-another-key-0123') });
    expect(result.firstBroken).toMatchObject({ chain: 1, seq: 1, reason: 'mac' });
    // After a rotation the previous key still checks what it sealed.
    const rotated = chainKeys('another-key-another-key-another-key-0123', [keys().current.toString('utf8')]);
    expect(await verifyChain(run, { keys: rotated, checkpoint })).toMatchObject({ ok: true });
  });
  // Last: it changes the database for good (anchoring runs its own transaction).
  it('the anchor deleted and the history re-anchored (sealing a forgery): the checkpoint names the old anchor', async () => {
    await client.exec(`DELETE FROM changes_anchor;
      INSERT INTO changes (actor_label, entity_type, entity_id, entity_label, action) VALUES ('System', 'account', gen_random_uuid(), 'Gefälscht', 'create')`);
    expect(await anchorChain(db)).toEqual({ sealed: 1 });
    const run: ChainQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
    const keyed = await verifyChain(run, { keys: keys(), checkpoint });
    // Every MAC holds now: only the checkpoint, outside the database, tells.
    expect(keyed.heads[0]?.broken).toBeNull();
    expect(keyed.firstBroken).toEqual({ id: null, chain: 0, seq: 0, reason: 'checkpoint' });
  });
});

describe('checkpoints in a file', () => {
  it('appends signed lines, reads back the newest, and counts forged ones', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'checkpoint-'));
    const file = path.join(dir, 'audit.jsonl');
    try {
      const keys = chainKeys('checkpoint-test-key-checkpoint-test-key-01');
      const heads = [{ chain: '1', seq: '5', hash: 'ab'.repeat(32) }];
      const run: ChainQuery = async (text) => (text.includes('changes_anchor') ? [] : heads);
      await takeCheckpoint(run, keys, file, new Date('2026-11-29T05:00:00Z'));
      heads[0]!.seq = '7';
      await takeCheckpoint(run, keys, file, new Date('2026-11-29T06:00:00Z'));
      expect((await readCheckpoint(keys, file)).checkpoint).toMatchObject({
        at: '2026-11-29T06:00:00.000Z',
        heads: [{ chain: 1, seq: 7 }],
      });
      // A line moved back to an earlier head without the key: its signature fails, it is not used.
      const text = readFileSync(file, 'utf8');
      const forged = text.split('\n')[1]!.replace('"seq":7', '"seq":9').replace('06:00', '07:00');
      writeFileSync(file, `${text}${forged}\n`);
      const read = await readCheckpoint(keys, file);
      expect(read.forged).toBe(1);
      expect(read.checkpoint?.heads[0]?.seq).toBe(7);
      expect(latestCheckpoint(chainKeys('x'.repeat(32)), text).checkpoint).toBeNull();
      expect(await readCheckpoint(keys, path.join(dir, 'missing.jsonl'))).toEqual({ checkpoint: null, forged: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the actor as they were', () => {
  it('keeps the actor’s name at the time through a rename, passkey names by reference; erasure blanks both', async () => {
    const { client, db } = await openMigratedPglite();
    try {
      const [user] = await db
        .insert(schema.users)
        .values({ email: 'vera@example.com', firstName: 'Vera', lastName: 'Muster', role: 'admin' })
        .returning({ id: schema.users.id });
      const id = user!.id;
      await recordChange(db, {
        actor: { id, firstName: 'Vera', lastName: 'Muster', email: 'vera@example.com' },
        entityType: 'account',
        entityId: '22222222-2222-4222-8222-222222222222',
        entityLabel: 'Konto 1',
        action: 'update',
      });
      await db.update(schema.users).set({ firstName: 'Erika', lastName: 'Beispiel' }).where(eq(schema.users.id, id));
      const label = async () => {
        const rows = await db.select().from(schema.changes);
        const lookup = await loadRefLookup(db, rows);
        return resolveRefs(rows[0]!.actorLabel, lookup);
      };
      expect(await label()).toBe('Vera Muster');
      // A passkey's name ("Veras iPhone") is the person's value too: stored by reference only.
      await recordChange(db, {
        actor: { id, firstName: 'Erika', lastName: 'Beispiel', email: 'vera@example.com' },
        entityType: 'user',
        entityId: id,
        entityLabel: 'Erika Beispiel',
        action: 'mfa_enrol',
        fields: [{ field: 'passkey', before: null, after: 'Veras iPhone' }],
      });
      const [passkeyEntry] = await db.select().from(schema.changes).where(eq(schema.changes.action, 'mfa_enrol'));
      expect(JSON.stringify(passkeyEntry!.fields)).not.toContain('iPhone');
      const passkeyName = async () => {
        const lookup = await loadRefLookup(db, [passkeyEntry!]);
        return resolveRefs(String(passkeyEntry!.fields[0]!.after), lookup);
      };
      expect(await passkeyName()).toBe('Veras iPhone');
      await db.delete(schema.historyPersonalValues).where(eq(schema.historyPersonalValues.personId, id));
      expect(await label()).toBe(pseudonym(id));
      expect(await passkeyName()).toBe(pseudonym(id));
    } finally {
      await client.close();
    }
  });
});
