/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import {
  MAX_COUNTED_WHITELIST_ENTRIES,
  WHITELIST_SORT_FIELDS,
  whitelistListQuerySchema,
  type WhitelistListQuery,
} from '@/lib/schemas/whitelist';
import { accounts, whitelistEntries } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { testActor } from '@/test-support/actor';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import { findWhitelistEntries } from './find-whitelist-entries';
import { countWhitelistEntries, selectPageIds, whitelistConditions, whitelistToday } from './whitelist-query';

/**
 * The whitelist list's SQL on a real, migrated PostgreSQL (PGlite in memory): the count that stops
 * at its cap, the order by validUntil in both directions, paging, the search, and that every order
 * is read from an index (migrations 0018, 0020) — with 1,000+ entries, not 250,000, so the plans
 * are checked with sequential scans and sorts switched off: a missing index shows as a Sort.
 */
jest.setTimeout(60_000);

let db: Db;
let client: PGlite;
jest.mock('@/lib/server/db/client', () => ({ getDb: () => Promise.resolve(db) }));

/** Exactly as many as the list counts: one account's total is still exact, everyone's is not. */
const BIG_ENTRIES = MAX_COUNTED_WHITELIST_ENTRIES;
let big: string;
let small: string;

const actor = testActor;
const admin = actor('admin');

async function account(name: string) {
  const id = crypto.randomUUID();
  await db.insert(accounts).values({ id, name, legalForm: 'GmbH', lineage: [id] });
  return id;
}

const query = (raw: Record<string, string> = {}): WhitelistListQuery => whitelistListQuerySchema.parse(raw);
const values = (result: { items: { value: string }[] }) => result.items.map((item) => item.value);

beforeAll(async () => {
  ({ client, db } = await openMigratedPglite());
  big = await account('Big GmbH');
  small = await account('Small GmbH');
  // Every third with a date, the others valid for ever.
  await db.execute(sql`
    insert into whitelist_entries (account_id, kind, value, note, valid_until)
    select ${big}, 'email', 'mitarbeiter.' || g || '@big.example', 'Zeile ' || g,
           case when g % 3 = 0 then date '2030-01-01' + g % 7 end
    from generate_series(1, ${BIG_ENTRIES}) g`);
  await db.insert(whitelistEntries).values([
    { accountId: small, kind: 'email', value: 'a@small.example', validUntil: null },
    { accountId: small, kind: 'email', value: 'b@small.example', validUntil: '2030-05-01' },
    { accountId: small, kind: 'email', value: 'c@small.example', validUntil: '2029-01-01' },
    { accountId: small, kind: 'email', value: 'd@small.example', validUntil: null, note: 'Aushilfe' },
    { accountId: small, kind: 'email', value: 'e@small.example', validUntil: '2030-05-01' },
    { accountId: small, kind: 'domain', value: 'small.example', validUntil: null, note: 'Zentrale' },
  ]);
  await client.exec('analyze');
});

afterAll(async () => {
  await client?.close();
});

describe('the count', () => {
  it('stops at the limit + 1 it is given, and is exact below it', async () => {
    const today = whitelistToday();
    expect(await countWhitelistEntries(db, admin, query(), today, 10)).toBe(11);
    expect(await countWhitelistEntries(db, admin, query(), today, BIG_ENTRIES + 6)).toBe(BIG_ENTRIES + 6);
    expect(await countWhitelistEntries(db, admin, query({ accountId: small }), today, 5)).toBe(6);
    expect(await countWhitelistEntries(db, admin, query({ accountId: small }), today, 6)).toBe(6);
    expect(await countWhitelistEntries(db, actor('manager', small), query(), today, 100)).toBe(6);
  });

  it('GET /whitelist: beyond the cap "more than", below it the exact total', async () => {
    expect(await findWhitelistEntries(admin, query())).toMatchObject({
      total: MAX_COUNTED_WHITELIST_ENTRIES + 1,
      totalIsLowerBound: true,
    });
    expect(await findWhitelistEntries(admin, query({ accountId: big }))).toMatchObject({
      total: MAX_COUNTED_WHITELIST_ENTRIES,
      totalIsLowerBound: false,
    });
    expect(await findWhitelistEntries(admin, query({ accountId: small }))).toMatchObject({
      total: 6,
      totalIsLowerBound: false,
    });
    expect(await findWhitelistEntries(admin, query({ q: 'mitarbeiter.100' }))).toMatchObject({
      // 100 and 1000
      total: 2,
      totalIsLowerBound: false,
    });
  });

  it('page numbers reach as deep as the count', () => {
    expect(whitelistListQuerySchema.safeParse({ page: '51' }).success).toBe(true);
    const tooDeep = whitelistListQuerySchema.safeParse({ page: '52' });
    expect(tooDeep.success).toBe(false);
    expect(tooDeep.error?.issues[0]?.path).toEqual(['page']);
    expect(whitelistListQuerySchema.safeParse({ page: '11', perPage: '100' }).success).toBe(true);
    expect(whitelistListQuerySchema.safeParse({ page: '12', perPage: '100' }).success).toBe(false);
  });
});

describe('the order', () => {
  const ascending = [
    'c@small.example',
    'b@small.example',
    'e@small.example',
    'a@small.example',
    'd@small.example',
    'small.example',
  ];

  it('by validUntil: the earliest day first, entries without one (valid for ever) last; descending the exact reverse', async () => {
    const asc = await findWhitelistEntries(admin, query({ accountId: small, sort: 'validUntil' }));
    expect(values(asc)).toEqual(ascending);
    const desc = await findWhitelistEntries(admin, query({ accountId: small, sort: 'validUntil', order: 'desc' }));
    expect(values(desc)).toEqual([...ascending].reverse());
  });

  it('pages follow on without gaps or repeats, in both directions', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const pages = [];
      for (const page of ['1', '2', '3']) {
        pages.push(
          ...values(
            await findWhitelistEntries(
              admin,
              query({ accountId: small, sort: 'validUntil', order, perPage: '2', page }),
            ),
          ),
        );
      }
      expect(pages).toEqual(order === 'asc' ? ascending : [...ascending].reverse());
    }
  });

  it('by account within one account: by value', async () => {
    const byAccount = await findWhitelistEntries(
      admin,
      query({ accountId: small, sort: 'accountName', order: 'desc' }),
    );
    expect(values(byAccount)).toEqual([...ascending].sort().reverse());
  });
});

describe('the search', () => {
  it('finds a part of the value or of the note, not across the two', async () => {
    expect(values(await findWhitelistEntries(admin, query({ q: 'Zentrale' })))).toEqual(['small.example']);
    expect(values(await findWhitelistEntries(admin, query({ q: 'aushilf' })))).toEqual(['d@small.example']);
    expect(values(await findWhitelistEntries(admin, query({ q: 'D@SMALL' })))).toEqual(['d@small.example']);
    // "small.example" + line break + "zentrale": no term spans the two.
    expect((await findWhitelistEntries(admin, query({ q: 'examplezentrale' }))).total).toBe(0);
  });
});

describe('every order is read from an index', () => {
  async function plan(statement: { sql: string; params: unknown[] }) {
    const result = await client.query<{ 'QUERY PLAN': string }>(`explain ${statement.sql}`, statement.params);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  beforeAll(async () => {
    await client.exec('set enable_seqscan = off; set enable_sort = off; set enable_bitmapscan = off');
  });
  afterAll(async () => {
    await client.exec('reset enable_seqscan; reset enable_sort; reset enable_bitmapscan');
  });

  const today = whitelistToday();
  for (const sort of WHITELIST_SORT_FIELDS) {
    for (const order of ['asc', 'desc'] as const) {
      for (const accountId of [undefined, 'one account'] as const) {
        it(`${sort} ${order}${accountId ? ', one account' : ''}, page 3`, async () => {
          const filters = query({ sort, order, page: '3', ...(accountId ? { accountId: small } : {}) });
          const text = await plan(selectPageIds(db, admin, filters, today, { limit: 20, offset: 40 }).toSQL());
          // An index gives the order (at most an incremental sort of equal keys by id); a Sort of all rows would not.
          expect(text).not.toMatch(/(^|->\s+)Sort\s+\(/m);
          expect(text).toMatch(/Index (Only )?Scan/);
          // One account's entries: its part of an index, not a walk through everyone's filtered by account.
          if (accountId) expect(text).toMatch(/Index Cond: \(account_id = /);
        });
      }
    }
  }

  it('the search reads the trigram index of exactly the expression it compares', async () => {
    await client.exec('reset enable_bitmapscan'); // a GIN index is read as a bitmap
    const text = await plan(
      db
        .select({ id: whitelistEntries.id })
        .from(whitelistEntries)
        .where(whitelistConditions(admin, { q: 'mitarbeiter.100' }, today))
        .toSQL(),
    );
    expect(text).toContain('whitelist_entries_list_search_trgm');
  });
});
