/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';
import {
  ChainWalker,
  GENESIS_HASH,
  canonicalEntry,
  linkHash,
  nextBatchSize,
  verifyChain,
  VERIFY_BATCH,
  type ChainRow,
  type VerifyResult,
} from './chain';
import { recordChange } from './record-change';
import { loadRefLookup } from './ref-lookup';
import { pseudonym, resolveRefs } from './personal-refs';

/** The chain's canonical form and walk, and against a real migrated database (PGlite in memory). */
jest.setTimeout(60_000);

const entry = (seq: number, over: Partial<ChainRow> = {}): Omit<ChainRow, 'prevHash' | 'hash'> => ({
  chain: 1,
  seq,
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at: '2026-11-26T01:02:03.123456Z',
  actorId: null,
  actorLabel: 'System',
  entityType: 'account',
  entityId: '11111111-1111-4111-8111-111111111111',
  entityLabel: 'Bäckerei "Nord"\n',
  accountId: null,
  action: 'update',
  fieldsText: '[{"after": 2, "field": "n", "before": 1}]',
  approvalId: null,
  ...over,
});

const EXPECTED_X = 'fdded6faced1af47fdaaac589602f58e0e040a882627806c42ddcc38da604cf0';

function chainOf(count: number): ChainRow[] {
  const rows: ChainRow[] = [];
  let prev: Buffer = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq += 1) {
    const row = entry(seq);
    const hash = linkHash(prev, canonicalEntry(row));
    rows.push({ ...row, prevHash: prev, hash });
    prev = hash;
  }
  return rows;
}

function walk(rows: ChainRow[], head?: { seq: number; hash: Buffer }) {
  const walker = new ChainWalker();
  for (const row of rows) if (!walker.push(row)) break;
  return walker.finish(head ?? null);
}

describe('canonical form and hash', () => {
  it('is the jsonb text of a JSON array, fields embedded as stored', () => {
    expect(canonicalEntry(entry(7))).toBe(
      '[1, 7, "00000000-0000-4000-8000-000000000007", "2026-11-26T01:02:03.123456Z", null, "System", "account", ' +
        '"11111111-1111-4111-8111-111111111111", "Bäckerei \\"Nord\\"\\n", null, "update", ' +
        '[{"after": 2, "field": "n", "before": 1}], null]',
    );
  });

  it('is SHA-256 of the previous hash and the UTF-8 canonical entry', () => {
    const hash = linkHash(GENESIS_HASH, 'x');
    // `(head -c 32 /dev/zero; printf x) | sha256sum`
    expect(hash.toString('hex')).toBe(EXPECTED_X);
    expect(linkHash(GENESIS_HASH, 'x').equals(hash)).toBe(true);
    expect(linkHash(GENESIS_HASH, 'y').equals(hash)).toBe(false);
    expect(linkHash(hash, 'x').equals(hash)).toBe(false);
  });
});

describe('walking the chain', () => {
  it('accepts an intact chain and reports its head', () => {
    const rows = chainOf(5);
    const result = walk(rows, { seq: 5, hash: rows[4]!.hash });
    expect(result).toMatchObject({ checked: 5, firstBroken: null });
    expect(result.head).toEqual({ chain: 1, seq: 5, hash: rows[4]!.hash.toString('hex'), broken: null });
  });

  it('names the first tampered entry by id', () => {
    const rows = chainOf(5);
    rows[2] = { ...rows[2]!, entityLabel: 'Bäckerei Süd' };
    expect(walk(rows).firstBroken).toEqual({ id: rows[2]!.id, chain: 1, seq: 3, reason: 'hash' });
  });

  it('finds a rewritten entry whose hash was recomputed: the next link no longer points at it', () => {
    const rows = chainOf(5);
    const changed = { ...rows[1]!, fieldsText: '[]' };
    rows[1] = { ...changed, hash: linkHash(changed.prevHash, canonicalEntry(changed)) };
    expect(walk(rows).firstBroken).toEqual({ id: rows[2]!.id, chain: 1, seq: 3, reason: 'prev_hash' });
  });

  it('finds a deleted entry (gap) and entries deleted at the end (head)', () => {
    const rows = chainOf(5);
    expect(walk([...rows.slice(0, 2), ...rows.slice(3)]).firstBroken).toEqual({
      id: rows[3]!.id,
      chain: 1,
      seq: 4,
      reason: 'seq_gap',
    });
    expect(walk(rows.slice(0, 4), { seq: 5, hash: rows[4]!.hash }).firstBroken).toEqual({
      id: null,
      chain: 1,
      seq: 5,
      reason: 'head',
    });
  });
});

describe('on a migrated database', () => {
  let client: PGlite;
  let db: Db;
  let userId: string;

  const verify = async () => {
    const run = async (text: string, params: unknown[]) =>
      (await client.query<Record<string, unknown>>(text, params)).rows;
    const inDatabase = await verifyChain(run);
    // Both ways of recomputing agree on every answer.
    expect(await verifyChain(run, { recompute: 'javascript' })).toEqual(inDatabase);
    return inDatabase;
  };

  beforeAll(async () => {
    ({ client, db } = await openMigratedPglite());
    const [user] = await db
      .insert(schema.users)
      .values({ email: 'chain.test@example.com', firstName: 'Käthe', lastName: 'Kette', role: 'admin' })
      .returning({ id: schema.users.id });
    userId = user!.id;
    const actor = { id: userId, firstName: 'Käthe', lastName: 'Kette', email: 'chain.test@example.com' };
    await recordChange(db, {
      actor,
      entityType: 'user',
      entityId: userId,
      entityLabel: 'Käthe Kette',
      action: 'update',
      fields: [
        { field: 'email', before: 'alt@example.com', after: 'chain.test@example.com' },
        { field: 'locale', before: 'de', after: 'en' },
      ],
    });
    await recordChange(db, {
      actor,
      entityType: 'account',
      entityId: '22222222-2222-4222-8222-222222222222',
      entityLabel: 'Tab\tQuote" Backslash\\ ß \u0001 😀',
      action: 'update',
      fields: [{ field: 'benefits', before: [{ amountCents: 1.5, code: 'x' }], after: { a: null, bb: [true, 1e21] } }],
    });
  });

  afterAll(async () => {
    await client?.close();
  });

  it('links every insert in the trigger, and the independent walk agrees with it', async () => {
    const result = await verify();
    expect(result).toMatchObject({ ok: true, checked: 2, firstBroken: null });
    expect(result.heads).toHaveLength(16);
  });

  it('links many entries of one transaction, and nothing of a rolled-back one or savepoint', async () => {
    const insert = (label: string) =>
      `insert into changes (entity_type, entity_id, entity_label, action) values ('account', gen_random_uuid(), '${label}', 'create');`;
    await client.exec(`begin; ${insert('a')} ${insert('b')} ${insert('c')} commit;`);
    await client.exec(`begin; ${insert('x')} rollback;`);
    await client.exec(
      `begin; ${insert('d')} savepoint s; ${insert('y')} rollback to savepoint s; ${insert('e')} commit;`,
    );
    const result = await verify();
    expect(result).toMatchObject({ ok: true, checked: 7 });
    // PGlite has one connection: every transaction takes chain 1, and its entries are consecutive links.
    const labels = (
      await client.query<{ l: string }>(
        `select entity_label as l from changes where entity_label in ('a','b','c','d','e','x','y') order by chain, seq`,
      )
    ).rows;
    expect(labels.map((row) => row.l)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('moves the head with a transaction’s first entry and to its last at commit, through savepoints and rollbacks', async () => {
    type Link = { seq: number; hash: string };
    type Run = (text: string) => Promise<Link[]>;
    const linkOf = (rows: { seq: string; hash: string }[]) =>
      rows.map((row) => ({ seq: Number(row.seq), hash: row.hash }));
    const on =
      (query: (text: string) => Promise<{ rows: { seq: string; hash: string }[] }>): Run =>
      async (text) =>
        linkOf((await query(text)).rows);
    const insert = (...labels: string[]) =>
      `insert into changes (entity_type, entity_id, entity_label, action)
       select 'account', gen_random_uuid(), l, 'create' from unnest(array['${labels.join("','")}']) with ordinality u(l, o)
       order by o returning seq::text as seq, encode(hash, 'hex') as hash`;
    const HEAD = `select seq::text as seq, encode(hash, 'hex') as hash from changes_chain_head where id = 1`;
    const head = async (run: Run = on((text) => client.query(text))) => (await run(HEAD))[0]!;
    /** Runs `body` in a transaction; its links and the head as the transaction saw it at each step. */
    const inTransaction = async (body: (run: Run) => Promise<void>, rollback = false) => {
      await client.transaction(async (tx) => {
        await body(on((text) => tx.query(text)));
        if (rollback) await tx.rollback();
      });
    };
    const next = (link: Link, by = 1) => link.seq + by;

    // One entry: the head stands on it at once (the transaction holds the head row until commit).
    const start = await head();
    let one: Link | undefined;
    await inTransaction(async (run) => {
      [one] = await run(insert('head 1'));
      expect(one!.seq).toBe(next(start));
      expect(await head(run)).toEqual(one);
    });
    expect(await head()).toEqual(one);

    // Several entries in one statement and in more statements: consecutive, the head on the last at commit.
    let last: Link | undefined;
    await inTransaction(async (run) => {
      const links = [...(await run(insert('head 2', 'head 3', 'head 4'))), ...(await run(insert('head 5')))];
      expect(links.map((link) => link.seq)).toEqual([1, 2, 3, 4].map((by) => next(one!, by)));
      last = links[3];
    });
    expect(await head()).toEqual(last);

    // A rolled-back transaction — its head move included — leaves no gap.
    await inTransaction(async (run) => {
      await run(insert('head x1', 'head x2'));
    }, true);
    expect(await head()).toEqual(last);

    // The first entry in a savepoint that is rolled back: the next one links to the head before it.
    let kept: Link[] = [];
    await inTransaction(async (run) => {
      await run('savepoint s');
      await run(insert('head x3'));
      await run('rollback to savepoint s');
      expect(await head(run)).toEqual(last);
      kept = await run(insert('head 6'));
      expect(kept[0]!.seq).toBe(next(last!));
      // A later entry rolled back to a savepoint: the head stays on the first entry.
      await run('savepoint t');
      await run(insert('head x4'));
      await run('rollback to savepoint t');
      // A later entry kept through a released savepoint.
      await run('savepoint u');
      kept.push(...(await run(insert('head 7'))));
      await run('release savepoint u');
    });
    expect(kept.map((link) => link.seq)).toEqual([next(last!), next(last!, 2)]);
    expect(await head()).toEqual(kept[1]);

    // The deferred head move run early (SET CONSTRAINTS … IMMEDIATE), then more entries.
    let early: Link[] = [];
    await inTransaction(async (run) => {
      early = await run(insert('head 8', 'head 9'));
      await run('set constraints changes_link_head immediate');
      expect(await head(run)).toEqual(early[1]);
      await run('set constraints changes_link_head deferred');
      early.push(...(await run(insert('head 10'))));
    });
    expect(await head()).toEqual(early[2]);

    // A tail left behind by another transaction (as a session setting) is not continued.
    await client.query(`select set_config('ebmt.chain_tail', '1:1:999:${'00'.repeat(32)}:h', false)`);
    let after: Link[] = [];
    await inTransaction(async (run) => {
      after = await run(insert('head 11'));
    });
    await client.query(`reset ebmt.chain_tail`);
    expect(after[0]!.seq).toBe(next(early[2]!));
    expect(await head()).toEqual(after[0]);

    const result = await verify();
    expect(result).toMatchObject({ ok: true, firstBroken: null });
    const labels = (
      await client.query<{ l: string }>(
        `select entity_label as l from changes where entity_label like 'head %' order by chain, seq`,
      )
    ).rows.map((row) => row.l);
    expect(labels).toEqual(Array.from({ length: 11 }, (_, index) => `head ${index + 1}`));
  });

  it('leaves entries written while the check runs to the next check', async () => {
    const insert = `insert into changes (entity_type, entity_id, entity_label, action) values ('account', gen_random_uuid(), 'meanwhile', 'create')`;
    for (const recompute of ['database', 'javascript'] as const) {
      const before = Number((await client.query<{ n: string }>(`select count(*)::text as n from changes`)).rows[0]!.n);
      let calls = 0;
      // After the heads were read, every query of the check is preceded by a committed write.
      const run = async (text: string, params: unknown[]) => {
        if (calls++ > 0) await client.query(insert);
        return (await client.query<Record<string, unknown>>(text, params)).rows;
      };
      const result = await verifyChain(run, { recompute, batchSize: 1 });
      expect(result).toMatchObject({ ok: true, checked: before, firstBroken: null });
      expect(calls).toBeGreaterThan(before);
      expect((await verify()).ok).toBe(true);
    }
  });

  it('stores people as references only, and resolves them', async () => {
    const rows = await db.select().from(schema.changes).where(eq(schema.changes.entityId, userId));
    const text = JSON.stringify(rows);
    expect(text).not.toContain('chain.test@example.com');
    expect(text).not.toContain('Käthe');
    const lookup = await loadRefLookup(db, rows);
    expect(resolveRefs(rows[0]!.actorLabel, lookup)).toBe('Käthe Kette');
    expect(resolveRefs(String(rows[0]!.fields[0]!.before), lookup)).toBe('alt@example.com');
  });

  it('keeps the chain valid when a person’s values are erased (no history row changes)', async () => {
    await db.delete(schema.historyPersonalValues).where(eq(schema.historyPersonalValues.personId, userId));
    const rows = await db.select().from(schema.changes).where(eq(schema.changes.entityId, userId));
    const lookup = await loadRefLookup(db, rows);
    expect(resolveRefs(String(rows[0]!.fields[0]!.before), lookup)).toBe(pseudonym(userId));
    expect((await verify()).ok).toBe(true);
  });

  it('finds a row changed with superuser rights (triggers off) by its id', async () => {
    const [second] = await db.select().from(schema.changes).where(eq(schema.changes.seq, 2));
    await client.exec(`
      ALTER TABLE changes DISABLE TRIGGER changes_no_update_delete;
      UPDATE changes SET entity_label = 'rewritten' WHERE id = '${second!.id}';
      ALTER TABLE changes ENABLE ALWAYS TRIGGER changes_no_update_delete;`);
    expect((await verify()).firstBroken).toEqual({ id: second!.id, chain: second!.chain, seq: 2, reason: 'hash' });
  });

  it('refuses updates and deletes of the history and of the chain head for the app', async () => {
    await expect(client.query(`UPDATE changes SET entity_label = 'x' WHERE entity_label = 'a'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(client.query(`DELETE FROM changes_chain_head`)).rejects.toThrow(/refused/);
  });
});

describe('batch sizes', () => {
  it('follow the time a batch took, within bounds', () => {
    expect(nextBatchSize(2_000, 100, 50)).toBe(1_000);
    expect(nextBatchSize(2_000, 40, 50)).toBe(2_500);
    expect(nextBatchSize(2_000, 0, 50)).toBe(4_000); // at most 2× per step
    expect(nextBatchSize(500, 10_000, 50)).toBe(VERIFY_BATCH.min);
    expect(nextBatchSize(VERIFY_BATCH.max, 1, 50)).toBe(VERIFY_BATCH.max);
  });
});

/**
 * Every kind of tampering, done with superuser rights (triggers off) in a transaction that is rolled
 * back afterwards; the set-based check in the database answers the same at every batch size as the
 * walk in JavaScript.
 */
describe('tampering, found in the database and in JavaScript alike', () => {
  let client: PGlite;
  /** The entries of chain 1 by seq (1–12). */
  let byId: string[];
  const FORGED = '99999999-9999-4999-8999-999999999999';
  const ALL_COLUMNS = `chain, seq, id, at, actor_id, actor_label, entity_type, entity_id, entity_label, account_id, action, fields, approval_id, prev_hash, hash`;
  const canonicalOf = (alias: string, over: { seq?: string; id?: string; label?: string } = {}) =>
    `changes_canonical(${alias}.chain, ${over.seq ?? `${alias}.seq`}, ${over.id ?? `${alias}.id`}, ${alias}.at, ${alias}.actor_id, ${alias}.actor_label,
      ${alias}.entity_type, ${alias}.entity_id, ${over.label ?? `${alias}.entity_label`}, ${alias}.account_id, ${alias}.action, ${alias}.fields, ${alias}.approval_id)`;

  async function tampered(statements: string): Promise<VerifyResult> {
    let answer: VerifyResult | undefined;
    await client.transaction(async (tx) => {
      await tx.exec(
        `ALTER TABLE changes DISABLE TRIGGER USER; ALTER TABLE changes_chain_head DISABLE TRIGGER USER; ${statements}`,
      );
      const run = async (text: string, params: unknown[]) =>
        (await tx.query<Record<string, unknown>>(text, params)).rows;
      answer = await verifyChain(run, { batchSize: 4 });
      for (const batchSize of [1, 5, 100]) expect(await verifyChain(run, { batchSize })).toEqual(answer);
      expect(await verifyChain(run)).toEqual(answer);
      for (const batchSize of [3, 100])
        expect(await verifyChain(run, { recompute: 'javascript', batchSize })).toEqual(answer);
      await tx.rollback();
    });
    return answer!;
  }

  beforeAll(async () => {
    ({ client } = await openMigratedPglite());
    for (let index = 1; index <= 12; index += 1) {
      await client.query(
        `insert into changes (entity_type, entity_id, entity_label, action, fields) values ('account', gen_random_uuid(), $1, 'update', $2::jsonb)`,
        [`Konto ${index}`, JSON.stringify([{ field: 'notes', before: index - 1, after: index }])],
      );
    }
    byId = (await client.query<{ id: string }>(`select id from changes where chain = 1 order by seq`)).rows.map(
      (row) => row.id,
    );
    byId.unshift(''); // byId[seq]
  });

  afterAll(async () => {
    await client?.close();
  });

  it('holds untouched, at every batch size', async () => {
    const result = await tampered('');
    expect(result).toMatchObject({ ok: true, checked: 12, firstBroken: null });
    expect(result.heads[0]).toMatchObject({ chain: 1, seq: 12, broken: null });
  });

  it('a changed entry: its own hash fails', async () => {
    const result = await tampered(`UPDATE changes SET entity_label = 'Konto X' WHERE id = '${byId[6]}'`);
    expect(result).toMatchObject({ ok: false, checked: 5 });
    expect(result.firstBroken).toEqual({ id: byId[6], chain: 1, seq: 6, reason: 'hash' });
    // The chain's newest link that holds is the one before it.
    expect(result.heads[0]).toMatchObject({ seq: 5, broken: { id: byId[6], seq: 6, reason: 'hash' } });
  });

  it('a changed entry with its hash recomputed: the next one no longer points at it', async () => {
    const result = await tampered(
      `UPDATE changes c SET entity_label = 'Konto X', hash = sha256(c.prev_hash || convert_to(${canonicalOf('c', { label: `'Konto X'` })}, 'UTF8'))
       WHERE id = '${byId[6]}'`,
    );
    expect(result.firstBroken).toEqual({ id: byId[7], chain: 1, seq: 7, reason: 'prev_hash' });
    expect(result.checked).toBe(6);
  });

  it('a deleted entry: a gap before the next one', async () => {
    expect((await tampered(`DELETE FROM changes WHERE id = '${byId[6]}'`)).firstBroken).toEqual({
      id: byId[7],
      chain: 1,
      seq: 7,
      reason: 'seq_gap',
    });
    // More than a batch: a range without entries, the next one after the gap.
    expect((await tampered(`DELETE FROM changes WHERE chain = 1 AND seq BETWEEN 3 AND 9`)).firstBroken).toEqual({
      id: byId[10],
      chain: 1,
      seq: 10,
      reason: 'seq_gap',
    });
    expect((await tampered(`DELETE FROM changes WHERE id = '${byId[1]}'`)).firstBroken).toEqual({
      id: byId[2],
      chain: 1,
      seq: 2,
      reason: 'seq_gap',
    });
  });

  it('entries deleted at the end, or the whole chain: the head names more', async () => {
    const broken = { id: null, chain: 1, seq: 12, reason: 'head' };
    const end = await tampered(`DELETE FROM changes WHERE chain = 1 AND seq > 10`);
    expect(end).toMatchObject({ checked: 10, firstBroken: broken });
    expect((await tampered(`DELETE FROM changes WHERE chain = 1`)).firstBroken).toEqual(broken);
    expect(
      (await tampered(`UPDATE changes_chain_head SET hash = sha256('x'::bytea) WHERE id = 1`)).firstBroken,
    ).toEqual(broken);
  });

  it('an entry forged into the middle, the later ones renumbered: the one after it no longer points at it', async () => {
    const result = await tampered(`
      UPDATE changes SET seq = seq + 1000 WHERE chain = 1 AND seq >= 6;
      UPDATE changes SET seq = seq - 999 WHERE chain = 1 AND seq >= 1000;
      INSERT INTO changes (${ALL_COLUMNS})
      SELECT p.chain, 6, '${FORGED}', p.at, p.actor_id, p.actor_label, p.entity_type, p.entity_id, 'Gefälscht', p.account_id,
        p.action, p.fields, p.approval_id, p.hash,
        sha256(p.hash || convert_to(${canonicalOf('p', { seq: '6', id: `'${FORGED}'::uuid`, label: `'Gefälscht'` })}, 'UTF8'))
      FROM changes p WHERE p.id = '${byId[5]}';
      UPDATE changes_chain_head SET seq = 13 WHERE id = 1;`);
    expect(result.firstBroken).toEqual({ id: byId[6], chain: 1, seq: 7, reason: 'prev_hash' });
  });

  it('an entry inserted with a seq taken (the unique index dropped), before the first, or in no chain', async () => {
    const copy = (chain: string, seq: string, id = FORGED) => `
      INSERT INTO changes (${ALL_COLUMNS})
      SELECT ${chain}, ${seq}, '${id}', at, actor_id, actor_label, entity_type, entity_id, entity_label, account_id,
        action, fields, approval_id, prev_hash, hash FROM changes WHERE id = '${byId[6]}';`;
    // Entries that share a seq are read in id order: a copy with a lower id than the original comes
    // first and its hash (of another id) fails; one with a higher id follows the original as a gap.
    const first = '00000000-0000-4000-8000-000000000000';
    const last = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
    const dropped = 'DROP INDEX changes_chain_seq_key;';
    expect((await tampered(`${dropped} ${copy('chain', 'seq', first)}`)).firstBroken).toEqual({
      id: first,
      chain: 1,
      seq: 6,
      reason: 'hash',
    });
    expect((await tampered(`${dropped} ${copy('chain', 'seq', last)}`)).firstBroken).toEqual({
      id: last,
      chain: 1,
      seq: 6,
      reason: 'seq_gap',
    });
    expect((await tampered(copy('1', '0'))).firstBroken).toEqual({ id: FORGED, chain: 1, seq: 0, reason: 'seq_gap' });
    expect((await tampered(copy('17', 'seq'))).firstBroken).toEqual({
      id: FORGED,
      chain: 17,
      seq: 6,
      reason: 'seq_gap',
    });
    const nowhere = await tampered(`ALTER TABLE changes ALTER COLUMN chain DROP NOT NULL; ${copy('null', 'seq')}`);
    expect(nowhere.firstBroken).toEqual({ id: FORGED, chain: 0, seq: 6, reason: 'seq_gap' });
    // A chain whose head row is gone: its entries belong to no chain.
    const headless = await tampered(`
      ${copy('3', '1')}
      DELETE FROM changes_chain_head WHERE id = 3;`);
    expect(headless.firstBroken).toEqual({ id: FORGED, chain: 3, seq: 1, reason: 'seq_gap' });
  });

  it('an entry appended behind the head’s back (triggers off): it lies past the head', async () => {
    const result = await tampered(`
      INSERT INTO changes (${ALL_COLUMNS})
      SELECT chain, 13, '${FORGED}', at, actor_id, actor_label, entity_type, entity_id, 'Angehängt', account_id,
        action, fields, approval_id, hash, hash FROM changes WHERE id = '${byId[12]}';`);
    expect(result).toMatchObject({ ok: false, checked: 12 });
    expect(result.firstBroken).toEqual({ id: FORGED, chain: 1, seq: 13, reason: 'head' });
    // The head moved back: the entries after it lie past it.
    const back = await tampered(
      `UPDATE changes_chain_head h SET seq = 10, hash = c.hash FROM changes c WHERE h.id = 1 AND c.id = '${byId[10]}'`,
    );
    expect(back.firstBroken).toEqual({ id: byId[11], chain: 1, seq: 11, reason: 'head' });
  });

  it('two entries swapped: the one moved up no longer points at its new predecessor', async () => {
    const result = await tampered(`
      UPDATE changes SET seq = 1000 WHERE id = '${byId[6]}';
      UPDATE changes SET seq = 6 WHERE id = '${byId[7]}';
      UPDATE changes SET seq = 7 WHERE id = '${byId[6]}';`);
    expect(result.firstBroken).toEqual({ id: byId[7], chain: 1, seq: 6, reason: 'prev_hash' });
  });

  it('names each chain’s first broken link, and the lowest chain’s as the first', async () => {
    const result = await tampered(`
      UPDATE changes SET entity_label = 'Konto X' WHERE id = '${byId[9]}';
      UPDATE changes_chain_head SET seq = 1 WHERE id = 2;`);
    expect(result.firstBroken).toEqual({ id: byId[9], chain: 1, seq: 9, reason: 'hash' });
    expect(result.heads.slice(0, 3).map((head) => head.broken)).toEqual([
      { id: byId[9], seq: 9, reason: 'hash' },
      { id: null, seq: 1, reason: 'head' },
      null,
    ]);
  });
});
