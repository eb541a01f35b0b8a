/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';
import {
  CHAIN_HEADS_SQL,
  ChainWalker,
  GENESIS_HASH,
  canonicalEntry,
  linkHash,
  verifyChain,
  type ChainRow,
  type RawChainRow,
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
    expect(result.head).toEqual({ chain: 1, seq: 5, hash: rows[4]!.hash.toString('hex') });
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

  const verify = () =>
    verifyChain(
      async (text, params) => (await client.query<RawChainRow>(text, params)).rows,
      async () =>
        (await client.query<{ chain: string; seq: string; hash: string }>(CHAIN_HEADS_SQL)).rows.map((head) => ({
          chain: Number(head.chain),
          seq: Number(head.seq),
          hash: Buffer.from(head.hash, 'hex'),
        })),
    );

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
    await client.exec(`begin; ${insert('d')} savepoint s; ${insert('y')} rollback to savepoint s; ${insert('e')} commit;`);
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
    await expect(client.query(`UPDATE changes SET entity_label = 'x' WHERE entity_label = 'a'`)).rejects.toThrow(/append-only/);
    await expect(client.query(`DELETE FROM changes_chain_head`)).rejects.toThrow(/refused/);
  });
});
