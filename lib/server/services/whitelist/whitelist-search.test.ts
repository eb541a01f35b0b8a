/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import {
  MAX_COUNTED_WHITELIST_ENTRIES,
  WHITELIST_SORT_FIELDS,
  whitelistListQuerySchema,
  type WhitelistListQuery,
} from '@/lib/schemas/whitelist';
import { accounts, users } from '@/lib/server/db/schema';
import * as schema from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { testActor } from '@/test-support/actor';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import { findWhitelistEntries } from './find-whitelist-entries';
import { countWhitelistEntries, selectPageIds } from './whitelist-query';
import {
  NARROW_CANDIDATES,
  SEARCH_CHUNK,
  SEARCH_MAX_STEP,
  SEARCH_WINDOW,
  STEP_TARGET_MS,
  nextStep,
  searchWhitelistIds,
} from './whitelist-search';

/**
 * The list's search `q` in statements of bounded size (issue 45): it answers exactly what one
 * statement that filters and sorts every entry in reach answers (the oracle: `selectPageIds` and the
 * capped count), through each of its steps — forced with tiny limits — for every order, actor and
 * kind of term; and at the real limits no statement of a search reads more entries than its step
 * allows, whatever the term (EXPLAIN ANALYZE of every statement it ran).
 */
jest.setTimeout(300_000);

let db: Db;
let client: PGlite;
jest.mock('@/lib/server/db/client', () => ({ getDb: () => Promise.resolve(db) }));

const TODAY = '2030-06-01';
let root: string;
let child: string;
let other: string;
let big: string;
let distributorId: string;

async function account(name: string, parent?: { id: string; lineage: string[] }, distributor?: string) {
  const id = crypto.randomUUID();
  const lineage = [...(parent?.lineage ?? []), id];
  await db
    .insert(accounts)
    .values({ id, name, legalForm: 'GmbH', parentId: parent?.id ?? null, lineage, distributorId: distributor ?? null });
  return { id, lineage };
}

/** `count` entries of `accountId`: names, numbers and notes as the red team's list had, some dates and domains. */
async function entries(accountId: string, from: number, count: number) {
  await db.execute(sql`
    insert into whitelist_entries (account_id, kind, value, note, valid_until, created_at)
    select ${accountId},
           case when g % 17 = 0 then 'domain' else 'email' end,
           case when g % 17 = 0 then 'firma' || g || '-v' || (g % 97) || '.de'
                else (array['anna','max','lena','paul','mia','vera','jonas','volker','marie','elias'])[1 + g % 10]
                     || '.' || (array['mueller','schmidt','weber','meyer','wagner','becker','vogel','klein'])[1 + (g * 7) % 8]
                     || g || '@' || (array['mueller','schmidt','weber','meyer','wagner','becker','vogel','klein'])[1 + (g * 3) % 8]
                     || '-v' || (g % 97) || '.de' end,
           case when g % 3 = 0 then 'Mitarbeiter ' || g when g % 5 = 0 then 'Aushilfe' else '' end,
           case when g % 4 = 0 then date '2030-01-01' + (g % 400) end,
           timestamp '2026-01-01' + g * interval '1 minute'
    from generate_series(${from}::int, ${from + count - 1}::int) g`);
}

const query = (raw: Record<string, string>): WhitelistListQuery => whitelistListQuerySchema.parse(raw);

beforeAll(async () => {
  ({ client, db } = await openMigratedPglite());
  distributorId = crypto.randomUUID();
  await db.insert(users).values({
    id: distributorId,
    email: 'vertrieb@search.example',
    firstName: 'Vera',
    lastName: 'Vertrieb',
    role: 'distributor',
  });
  const top = await account('Zentrale Nord GmbH');
  root = top.id;
  child = (await account('Filiale Süd GmbH', top)).id;
  other = (await account('Andere AG', undefined, distributorId)).id;
  big = (await account('Große Liste GmbH')).id;
  await entries(root, 1, 300);
  await entries(child, 301, 150);
  await entries(other, 451, 250);
  await client.exec('analyze');
});

afterAll(async () => {
  await client?.close();
});

describe('step sizes', () => {
  it('grow to what fits in the target time (at most 4 times as many) and shrink to it', () => {
    expect(nextStep(2_000, STEP_TARGET_MS, 2_000, SEARCH_MAX_STEP)).toBe(2_000);
    expect(nextStep(2_000, STEP_TARGET_MS / 2, 2_000, SEARCH_MAX_STEP)).toBe(4_000);
    expect(nextStep(2_000, 0, 2_000, SEARCH_MAX_STEP)).toBe(8_000);
    expect(nextStep(8_000, 1, 2_000, SEARCH_MAX_STEP)).toBe(SEARCH_MAX_STEP);
    expect(nextStep(16_000, STEP_TARGET_MS * 2, 2_000, SEARCH_MAX_STEP)).toBe(8_000);
    expect(nextStep(16_000, STEP_TARGET_MS * 4, 2_000, SEARCH_MAX_STEP)).toBe(4_000);
    expect(nextStep(16_000, STEP_TARGET_MS * 10, 2_000, SEARCH_MAX_STEP)).toBe(2_000);
  });
});

describe('every step answers what one statement over all entries answers', () => {
  const admin = testActor('admin');
  const actors = () => ({
    admin,
    manager: testActor('manager', root),
    'manager of the branch': testActor('manager', child),
    distributor: testActor('distributor', null, distributorId),
  });
  // Tiny limits, so that each step and the cap are reached with a few hundred entries; later steps
  // grow with the time the last one took (up to 150), so sizes differ from step to step.
  const tiny = { narrow: 8, window: 40, chunk: 60, maxStep: 150 };
  const countLimit = 50;
  // Dense and sparse, two letters and more, a note, nothing, a domain's punycode form.
  const terms = ['mitarbeiter', 'ma', 'v5', '12', 'aushilfe', 'klein7', 'zq', 'e', 'firma1', 'MUELLER'];

  async function oracle(actor: ReturnType<typeof testActor>, filters: WhitelistListQuery) {
    const offset = (filters.page - 1) * filters.perPage;
    const ids = (await selectPageIds(db, actor, filters, TODAY, { limit: filters.perPage, offset })).map(
      (row) => row.id,
    );
    return { ids, counted: await countWhitelistEntries(db, actor, filters, TODAY, countLimit) };
  }

  // Every actor, term and order, the direction and page turning with them (all of it took 5 minutes).
  const pages = [
    ['1', '7'],
    ['4', '7'],
    ['8', '7'],
  ] as const;
  for (const [name, raw, who] of [
    ['no filter', {}, ['admin', 'manager', 'manager of the branch', 'distributor']],
    ['the branch', { accountId: 'child' }, ['admin', 'manager']],
    ['kind and still valid', { kind: 'email', expired: 'false' }, ['manager', 'distributor']],
  ] as const) {
    it(`${name}: every order, both directions, first and deep pages`, async () => {
      let turn = 0;
      for (const [actorName, actor] of Object.entries(actors()).filter(([key]) =>
        (who as readonly string[]).includes(key),
      )) {
        for (const q of terms) {
          for (const sort of WHITELIST_SORT_FIELDS) {
            turn += 1;
            const order = turn % 2 ? 'asc' : 'desc';
            const [page, perPage] = pages[turn % pages.length]!;
            const filters = query({
              ...raw,
              ...('accountId' in raw ? { accountId: child } : {}),
              q,
              sort,
              order,
              page,
              perPage,
            });
            const offset = (filters.page - 1) * filters.perPage;
            const found = await searchWhitelistIds(
              db,
              actor,
              { ...filters, q },
              TODAY,
              { offset, limit: filters.perPage },
              countLimit,
              tiny,
            );
            const expected = await oracle(actor, filters);
            expect({ actorName, q, sort, order, page, ...found }).toEqual({
              actorName,
              q,
              sort,
              order,
              page,
              ...expected,
            });
          }
        }
      }
    });
  }
});

describe('at the real limits no statement reads more entries than its step allows', () => {
  const ENTRIES = 12_000;
  const RARE_VALUES = ['selten1@example.com', 'selten2@example.com', 'selten3@example.com'];
  const admin = testActor('admin');
  /** Rows a plan node handed on or threw away, over all its loops (bitmap index scans aside: they read the index). */
  interface PlanNode {
    'Node Type': string;
    'Actual Rows'?: number;
    'Actual Loops'?: number;
    'Rows Removed by Filter'?: number;
    'Rows Removed by Index Recheck'?: number;
    Plans?: PlanNode[];
  }
  function mostRowsRead(node: PlanNode): number {
    const own =
      node['Node Type'] === 'Bitmap Index Scan'
        ? 0
        : ((node['Actual Rows'] ?? 0) +
            (node['Rows Removed by Filter'] ?? 0) +
            (node['Rows Removed by Index Recheck'] ?? 0)) *
          (node['Actual Loops'] ?? 1);
    return Math.max(own, ...(node.Plans ?? []).map(mostRowsRead));
  }

  let captured: { text: string; params: unknown[] }[] = [];
  let plain: Db;

  beforeAll(async () => {
    // One account as big as the test can afford: 12,000 entries (the red team's manager had 52,000).
    await entries(big, 10_000, ENTRIES);
    // A term common outside the manager's reach and rare in it: 3,000 "example" entries of another
    // account, three of the big one's (inserted out of their order).
    await db.execute(sql`
      insert into whitelist_entries (account_id, kind, value)
      select ${other}, 'email', 'kunde' || lpad(g::text, 5, '0') || '@example.com' from generate_series(1, 3000) g`);
    for (const value of RARE_VALUES.toReversed()) {
      await db.execute(sql`insert into whitelist_entries (account_id, kind, value) values (${big}, 'email', ${value})`);
    }
    await client.exec('analyze');
    plain = db;
    db = drizzle(client, {
      schema,
      logger: { logQuery: (text, params) => void captured.push({ text, params }) },
    }) as unknown as Db;
  });
  afterAll(() => {
    db = plain;
  });

  // The first window or chunk reads 2,000 entries, the next at most 4 times as many (then the
  // account's 12,003 are read).
  const bound = 4 * Math.max(NARROW_CANDIDATES, SEARCH_WINDOW, SEARCH_CHUNK) + 1;
  for (const q of ['mitarbeiter', 'v5', 'ma', 'zq', 'zzqxj', 'mueller', '12', 'example', 'com']) {
    it(`"${q}" as the account's manager: statements of at most ${bound.toLocaleString('en')} entries`, async () => {
      captured = [];
      const manager = testActor('manager', big);
      const result = await findWhitelistEntries(manager, query({ q }));
      expect(result.items.length).toBeLessThanOrEqual(20);
      const read: number[] = [];
      // Each statement as it ran: after the planner settings its transaction made (`set local`).
      let settings: string[] = [];
      for (const statement of captured) {
        if (/^set local /i.test(statement.text)) {
          settings.push(statement.text);
          continue;
        }
        const plan = await client.transaction(async (tx) => {
          for (const setting of settings) await tx.exec(setting);
          const explained = await tx.query<{ 'QUERY PLAN': unknown }>(
            `explain (analyze, format json) ${statement.text}`,
            statement.params,
          );
          if (process.env.DEBUG_PLANS) {
            const text = await tx.query<{ 'QUERY PLAN': string }>(
              `explain (analyze) ${statement.text}`,
              statement.params,
            );
            console.log(statement.text, '\n', text.rows.map((row) => row['QUERY PLAN']).join('\n'));
          }
          return explained.rows[0]!['QUERY PLAN'];
        });
        settings = [];
        read.push(mostRowsRead((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan));
      }
      expect(Math.max(...read)).toBeLessThanOrEqual(bound);
      // The answer is the one statement's.
      const all = await oracle(manager, query({ q }));
      expect(result.items.map((item) => item.id)).toEqual(all.ids);
      expect(result.total).toBe(all.total);
    });
  }

  /**
   * The expected rows written out (not another query): the values of `entries` in code-unit order,
   * which is the database's (PGlite sorts text by its bytes).
   */
  function bigValuesWithNote(q: string) {
    const first = ['anna', 'max', 'lena', 'paul', 'mia', 'vera', 'jonas', 'volker', 'marie', 'elias'];
    const last = ['mueller', 'schmidt', 'weber', 'meyer', 'wagner', 'becker', 'vogel', 'klein'];
    const values: string[] = [];
    for (let g = 10_000; g < 10_000 + ENTRIES; g++) {
      const value =
        g % 17 === 0
          ? `firma${g}-v${g % 97}.de`
          : `${first[g % 10]}.${last[(g * 7) % 8]}${g}@${last[(g * 3) % 8]}-v${g % 97}.de`;
      const note = g % 3 === 0 ? `Mitarbeiter ${g}` : g % 5 === 0 ? 'Aushilfe' : '';
      if (`${value}\n${note.toLowerCase()}`.includes(q)) values.push(value);
    }
    return values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  it('a rare and a common term answer the expected rows, in order, from the reach alone', async () => {
    const manager = testActor('manager', big);
    const listed = async (actor: ReturnType<typeof testActor>, raw: Record<string, string>) => {
      const result = await findWhitelistEntries(actor, query(raw));
      return {
        values: result.items.map((item) => item.value),
        accounts: [...new Set(result.items.map((item) => item.accountId))],
        total: result.total,
        more: result.totalIsLowerBound,
      };
    };
    // Rare in reach (3 of 12,003), common outside it (3,000 more): just the three, both directions.
    expect(await listed(manager, { q: 'example' })).toEqual({
      values: RARE_VALUES,
      accounts: [big],
      total: 3,
      more: false,
    });
    expect(await listed(manager, { q: 'Example.COM', order: 'desc' })).toEqual({
      values: RARE_VALUES.toReversed(),
      accounts: [big],
      total: 3,
      more: false,
    });
    // Common in reach: every third entry's note (4,000), a page deep in each direction, "mehr als 1.000".
    const common = bigValuesWithNote('mitarbeiter');
    expect(common).toHaveLength(ENTRIES / 3);
    expect(await listed(manager, { q: 'mitarbeiter', page: '3', perPage: '20' })).toEqual({
      values: common.slice(40, 60),
      accounts: [big],
      total: MAX_COUNTED_WHITELIST_ENTRIES + 1,
      more: true,
    });
    expect(await listed(manager, { q: 'mitarbeiter', order: 'desc', page: '2', perPage: '50' })).toEqual({
      values: common.toReversed().slice(50, 100),
      accounts: [big],
      total: MAX_COUNTED_WHITELIST_ENTRIES + 1,
      more: true,
    });
    // The same rare term for the reach holding the other 3,000, and for everyone.
    const distributor = testActor('distributor', null, distributorId);
    const kunden = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) => `kunde${String(from + index).padStart(5, '0')}@example.com`);
    expect(await listed(distributor, { q: 'example' })).toEqual({
      values: kunden(1, 20),
      accounts: [other],
      total: MAX_COUNTED_WHITELIST_ENTRIES + 1,
      more: true,
    });
    expect(await listed(distributor, { q: 'example', order: 'desc', perPage: '5' })).toEqual({
      values: kunden(2996, 3000).toReversed(),
      accounts: [other],
      total: MAX_COUNTED_WHITELIST_ENTRIES + 1,
      more: true,
    });
    expect(await listed(admin, { q: 'example', order: 'desc', perPage: '4' })).toEqual({
      values: [...RARE_VALUES.toReversed(), 'kunde03000@example.com'],
      accounts: [big, other],
      total: MAX_COUNTED_WHITELIST_ENTRIES + 1,
      more: true,
    });
  });

  async function oracle(actor: ReturnType<typeof testActor>, filters: WhitelistListQuery) {
    const ids = (await selectPageIds(plain, actor, filters, TODAY, { limit: filters.perPage, offset: 0 })).map(
      (row) => row.id,
    );
    return { ids, total: await countWhitelistEntries(plain, actor, filters, TODAY, MAX_COUNTED_WHITELIST_ENTRIES) };
  }
});
