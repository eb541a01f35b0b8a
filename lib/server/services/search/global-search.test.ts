/**
 * @jest-environment node
 */
import path from 'node:path';
import vm from 'node:vm';
import type { PGlite } from '@electric-sql/pglite';
import type { pg_trgm as PgTrgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { SCOPES } from '@/lib/schemas/roles';
import { foldGerman } from '@/lib/search/fold';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';
import { testActor } from '@/test-support/actor';
import { globalSearch } from './global-search';
import { searchValues, wordStartKey } from './search-match';

/** The search's SQL against a real, migrated PostgreSQL (PGlite in memory): folding, matching, ranking, reach. */
jest.setTimeout(180_000);

let db: Db;
jest.mock('@/lib/server/db/client', () => ({ getDb: () => Promise.resolve(db) }));

// See one-time-token.test.ts: PGlite loads outside Jest's module sandbox.
function requireOutsideJest<T>(id: string): T {
  const createRequire = vm.runInThisContext(
    '(process.getBuiltinModule?.("node:module") ?? process.mainModule.require("node:module")).createRequire',
  ) as (from: string) => (id: string) => unknown;
  return createRequire(__filename)(id) as T;
}

let client: PGlite;
const ids: Record<string, string> = {};

const actor = testActor;

async function account(name: string, city = '', parent?: string, vatId?: string) {
  const parentLineage = parent
    ? (
        await db
          .select({ lineage: schema.accounts.lineage })
          .from(schema.accounts)
          .where(sql`id = ${parent}`)
      )[0]!.lineage
    : [];
  const id = crypto.randomUUID();
  await db.insert(schema.accounts).values({
    id,
    name,
    city,
    legalForm: 'GmbH',
    parentId: parent ?? null,
    lineage: [...parentLineage, id],
    vatId: vatId ?? null,
  });
  ids[name] = id;
  return id;
}

beforeAll(async () => {
  const { PGlite: PGliteClass } = requireOutsideJest<typeof import('@electric-sql/pglite')>('@electric-sql/pglite');
  const { pg_trgm } = requireOutsideJest<{ pg_trgm: typeof PgTrgm }>('@electric-sql/pglite/contrib/pg_trgm');
  client = await PGliteClass.create({ extensions: { pg_trgm } });
  const database = drizzle(client, { schema });
  await migrate(database, { migrationsFolder: path.join(process.cwd(), 'lib/server/db/migrations') });
  db = database as unknown as Db;
  const root = await account('Müller Logistik GmbH', 'Bremerhaven');
  await account('Mueller Bau KG', 'Bremen', root);
  await account('Holzbau Kemüller', 'Kiel');
  await account('Bauhaus Müllerstraße', 'Hamburg');
  await account('Straßenbau Nord', 'Hannover');
  await account('Alt-Ötting Service', 'Passau', undefined, 'DE123456789');
  await account('Fremde Müller AG', 'München');
});

afterAll(async () => {
  await client?.close();
});

const labels = (hits: { label: string }[]) => hits.map((hit) => hit.label);

describe('search_fold() in SQL', () => {
  it('folds like foldGerman in the browser and the API', async () => {
    const samples = [
      'Müller',
      'MÜLLER',
      'Straße',
      'STRASSE',
      'Größe',
      'Ärzte Österreich Übersee',
      'Café Crème',
      'Łódź',
      'K-000123',
    ];
    for (const sample of samples) {
      const result = await db.execute<{ folded: string }>(sql`select search_fold(${sample}) as folded`);
      const rows = (result as unknown as { rows: { folded: string }[] }).rows;
      expect({ sample, folded: rows[0]!.folded }).toEqual({ sample, folded: foldGerman(sample) });
    }
  });
});

describe('globalSearch', () => {
  const admin = actor('admin');

  it('"Mueller" finds "Müller" and "Müller" finds "Mueller", exact prefix > word start > anywhere', async () => {
    for (const q of ['Mueller', 'müller', 'MÜLLER']) {
      const { accounts } = await globalSearch(admin, q);
      expect(labels(accounts)).toEqual([
        'Mueller Bau KG',
        'Müller Logistik GmbH',
        'Bauhaus Müllerstraße',
        'Fremde Müller AG',
        'Holzbau Kemüller',
      ]);
    }
  });

  it('ß and ss are the same', async () => {
    expect(labels((await globalSearch(admin, 'strasse')).accounts)).toEqual([
      'Straßenbau Nord',
      'Bauhaus Müllerstraße',
    ]);
    expect(labels((await globalSearch(admin, 'Straße')).accounts)).toEqual(['Straßenbau Nord', 'Bauhaus Müllerstraße']);
  });

  it('every word must occur, in any field: name and city', async () => {
    expect(labels((await globalSearch(admin, 'Müller Bremerhaven')).accounts)).toEqual(['Müller Logistik GmbH']);
    expect(labels((await globalSearch(admin, 'Oetting Passau')).accounts)).toEqual(['Alt-Ötting Service']);
  });

  it('finds the customer number and the VAT id', async () => {
    const [row] = await db
      .select({ customerNumber: schema.accounts.customerNumber })
      .from(schema.accounts)
      .where(sql`id = ${ids['Straßenbau Nord']}`);
    expect(labels((await globalSearch(admin, row!.customerNumber)).accounts)).toEqual(['Straßenbau Nord']);
    expect(labels((await globalSearch(admin, 'de1234')).accounts)).toEqual(['Alt-Ötting Service']);
  });

  it('two letters match only at the start of a word', async () => {
    expect(labels((await globalSearch(admin, 'ög')).accounts)).toEqual([]);
    expect(labels((await globalSearch(admin, 'ni')).accounts)).toEqual([]);
    expect(labels((await globalSearch(admin, 'oe')).accounts)).toEqual(['Alt-Ötting Service']);
  });

  it('treats % and _ as characters', async () => {
    expect(labels((await globalSearch(admin, '%%')).accounts)).toEqual([]);
    expect(labels((await globalSearch(admin, 'M_ller')).accounts)).toEqual([]);
  });

  it('a manager finds only their own tree', async () => {
    const manager = actor('manager', ids['Müller Logistik GmbH']!);
    expect(labels((await globalSearch(manager, 'Müller')).accounts)).toEqual([
      'Mueller Bau KG',
      'Müller Logistik GmbH',
    ]);
    expect((await globalSearch(manager, 'Fremde')).accounts).toEqual([]);
  });

  it('finds a document by its current file name, folded like everything else', async () => {
    const id = crypto.randomUUID();
    await db.insert(schema.documents).values({ id, title: 'Rahmenvertrag', category: 'contract', currentVersion: 2 });
    const version = { documentId: id, mimeType: 'application/pdf', sizeBytes: 1, sha256: 'x' };
    await db.insert(schema.documentVersions).values([
      { ...version, number: 1, fileName: 'Entwurf_Straße.pdf' },
      { ...version, number: 2, fileName: 'Übersicht_Prämien_2026.pdf' },
    ]);
    const found = (await globalSearch(admin, 'uebersicht praemien')).documents;
    expect(found.map((hit) => [hit.label, hit.detail])).toEqual([['Rahmenvertrag', 'Übersicht_Prämien_2026.pdf']]);
    expect(labels((await globalSearch(admin, 'Prämien')).documents)).toEqual(['Rahmenvertrag']);
    // Only the current version's name counts.
    expect((await globalSearch(admin, 'Entwurf')).documents).toEqual([]);
  });

  it("follows the current version's file name whichever row is written first, through its index (issue 45)", async () => {
    const id = crypto.randomUUID();
    const version = { documentId: id, mimeType: 'application/pdf', sizeBytes: 1, sha256: 'x' };
    await db.insert(schema.documents).values({ id, title: 'Leistungsnachweis', category: 'other', currentVersion: 1 });
    await db.insert(schema.documentVersions).values({ ...version, number: 1, fileName: 'Quittung_Mai.pdf' });
    expect(labels((await globalSearch(admin, 'Quittung')).documents)).toEqual(['Leistungsnachweis']);
    // A new version counts once the document points at it, and the old name no longer does.
    await db.insert(schema.documentVersions).values({ ...version, number: 2, fileName: 'Beleg_Juni.pdf' });
    expect((await globalSearch(admin, 'Beleg Juni')).documents).toEqual([]);
    await db
      .update(schema.documents)
      .set({ currentVersion: 2 })
      .where(sql`id = ${id}`);
    expect(labels((await globalSearch(admin, 'Beleg Juni')).documents)).toEqual(['Leistungsnachweis']);
    expect((await globalSearch(admin, 'Quittung')).documents).toEqual([]);
    // The searched text is the expression of a trigram index (no sequential read of every document).
    await client.exec('set enable_seqscan = off');
    try {
      const plan = await client.query(
        `explain select id from documents where (search_title || ' ' || coalesce(search_file_name, '')) like '%beleg%'`,
      );
      expect(JSON.stringify(plan.rows)).toContain('documents_search_text_trgm');
    } finally {
      await client.exec('reset enable_seqscan');
    }
  });

  it('a statement built for one search answers the next of the same shape with its own words and reach', async () => {
    // Same role, same kinds, same word lengths: one built statement, filled with other values.
    const bremen = actor('manager', ids['Müller Logistik GmbH']!, '00000000-0000-4000-8000-0000000000a1');
    const munich = actor('manager', ids['Fremde Müller AG']!, '00000000-0000-4000-8000-0000000000a2');
    expect(labels((await globalSearch(bremen, 'Müller')).accounts)).toEqual(['Mueller Bau KG', 'Müller Logistik GmbH']);
    expect(labels((await globalSearch(munich, 'Müller')).accounts)).toEqual(['Fremde Müller AG']);
    expect(labels((await globalSearch(bremen, 'Bau')).accounts)).toEqual(['Mueller Bau KG']);
    expect(labels((await globalSearch(munich, 'Bau')).accounts)).toEqual([]);
    // Two words, then a long and a short one: other shapes, built once each.
    expect(labels((await globalSearch(admin, 'Müller Bremerhaven')).accounts)).toEqual(['Müller Logistik GmbH']);
    expect(labels((await globalSearch(admin, 'Bau Kiel')).accounts)).toEqual(['Holzbau Kemüller']);
    expect(labels((await globalSearch(admin, 'Müller ba')).accounts)).toEqual([
      'Mueller Bau KG',
      'Bauhaus Müllerstraße',
    ]);
    // A manager without an account reaches nothing, whatever a manager with one found before.
    expect((await globalSearch(actor('manager', null), 'Müller')).accounts).toEqual([]);
  });

  it("runs the whitelist's statement and one for the other kinds; when five names start with the search they are the answer and the trigram query never runs", async () => {
    // Six names starting with "Zander" and one with it inside a word: the B-tree's first five
    // (by folded name) are the whole answer, so the candidates' query is skipped in the statement.
    for (const suffix of ['F', 'B', 'E', 'A', 'D', 'C']) await account(`Zander ${suffix} GmbH`);
    await account('Alexzander Service');
    const statements: { text: string; params: unknown[] }[] = [];
    const query = client.query.bind(client);
    const spy = jest.spyOn(client, 'query').mockImplementation((text, params, ...rest) => {
      statements.push({ text, params: params ?? [] });
      return query(text, params, ...rest);
    });
    /** Whether the search's first statement, as it ran, ran the accounts' guarded (trigram) query. */
    const ranAccountsCandidates = async () => {
      // Every account in reach (issue 50): each statement of its own costs ~1.4 ms; the whitelist's
      // stays alone (issue 45).
      expect(statements).toHaveLength(2);
      expect(statements[0]!.text).not.toContain('whitelist_entries');
      expect(statements[1]!.text).toContain('whitelist_entries');
      const { text, params } = statements[0]!;
      const plan = await query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary off) ${text}`,
        params,
      );
      const lines = plan.rows.map((line) => line['QUERY PLAN']);
      // The guard is a one-time filter; the node under it is the guarded query.
      const guarded = lines.flatMap((line, index) => {
        if (!line.includes('One-Time Filter')) return [];
        const table = lines.slice(index + 1).find((next) => /Scan on (accounts|whitelist_entries)\b/.test(next));
        return [{ table: table?.match(/Scan on (\w+)/)?.[1], ran: !lines[index + 1]!.includes('never executed') }];
      });
      const onAccounts = guarded.filter((entry) => entry.table === 'accounts');
      expect(onAccounts).toHaveLength(1);
      return onAccounts[0]!.ran;
    };
    try {
      const { accounts } = await globalSearch(admin, 'zander');
      expect(labels(accounts)).toEqual([
        'Zander A GmbH',
        'Zander B GmbH',
        'Zander C GmbH',
        'Zander D GmbH',
        'Zander E GmbH',
      ]);
      expect(await ranAccountsCandidates()).toBe(false);
      // Four of them left: the one inside a word comes in again, ranked after the prefix hits.
      await db.delete(schema.accounts).where(sql`name in ('Zander A GmbH', 'Zander B GmbH')`);
      statements.length = 0;
      expect(labels((await globalSearch(admin, 'zander')).accounts)).toEqual([
        'Zander C GmbH',
        'Zander D GmbH',
        'Zander E GmbH',
        'Zander F GmbH',
        'Alexzander Service',
      ]);
      expect(await ranAccountsCandidates()).toBe(true);
      // A restricted reach: a statement per kind, each holding PGlite's loop for its kind alone (issue 45).
      statements.length = 0;
      await globalSearch(actor('manager', ids['Zander C GmbH']!, '00000000-0000-4000-8000-0000000000a2'), 'zander');
      expect(statements).toHaveLength(5);
    } finally {
      spy.mockRestore();
    }
  });

  it('whitelist entries: prefix first, the account as detail, within reach (with and without the join)', async () => {
    const entry = (accountName: string, kind: 'email' | 'domain', value: string) =>
      db.insert(schema.whitelistEntries).values({ accountId: ids[accountName]!, kind, value });
    await entry('Müller Logistik GmbH', 'email', 'k.weissmueller@logistik.example');
    await entry('Mueller Bau KG', 'domain', 'mueller-bau.example');
    await entry('Fremde Müller AG', 'email', 'muellerin@fremd.example');
    const hits = (found: { label: string; detail: string | null }[]) => found.map((hit) => [hit.label, hit.detail]);
    // Every account in reach (no join; the name is looked up for the answer's rows).
    expect(hits((await globalSearch(admin, 'Müller')).whitelist)).toEqual([
      ['mueller-bau.example', 'Mueller Bau KG'],
      ['muellerin@fremd.example', 'Fremde Müller AG'],
      ['k.weissmueller@logistik.example', 'Müller Logistik GmbH'],
    ]);
    // A manager's reach filters on the account (the join): the foreign account's entry is not found.
    const bremen = actor('manager', ids['Müller Logistik GmbH']!, '00000000-0000-4000-8000-0000000000a1');
    expect(hits((await globalSearch(bremen, 'Müller')).whitelist)).toEqual([
      ['mueller-bau.example', 'Mueller Bau KG'],
      ['k.weissmueller@logistik.example', 'Müller Logistik GmbH'],
    ]);
    expect((await globalSearch(actor('manager', ids['Fremde Müller AG']!), 'logistik')).whitelist).toEqual([]);
  });

  it("a distributor's accounts are read from accounts_distributor_idx alone (it carries the id, migration 0022)", async () => {
    const result = await db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'accounts_distributor_idx'`,
    );
    const rows = (result as unknown as { rows: { indexdef: string }[] }).rows;
    expect(rows.map((row) => row.indexdef)).toEqual([
      expect.stringMatching(/\(distributor_id, name\) INCLUDE \(id\)$/),
    ]);
  });

  it('a kind without its read scope answers nothing', async () => {
    const noAccounts = { ...admin, scopes: new Set(SCOPES.filter((scope) => scope !== 'accounts.read')) };
    expect((await globalSearch(noAccounts, 'Müller')).accounts).toEqual([]);
  });
});

describe('a short word: search_word_starts() narrows, the LIKE patterns decide (migration 0030b)', () => {
  it('holds for every record the patterns match (never loses a hit), and narrows where they do not', async () => {
    const texts = ['anna.mueller0@schmidt-v0.de', 'dessau', 'bad de-mark', 'x -a y', 'a-b', 'foo  de', '"q" \\z', ''];
    const words = ['de', 'v5', 'v0', 'an', 'a-', '-a', 'a', 'b', 'z', '"q', '\\z', 'sc'];
    for (const word of words) {
      const values = searchValues({ phrase: word, words: [word] });
      const result = await db.execute<{ text: string; matches: boolean; narrows: boolean }>(
        sql`select t as text,
          (t like ${values.w0_start} or t like ${values.w0_word} or t like ${values.w0_dash}) as matches,
          search_word_starts(t) @> ${wordStartKey(word)}::text[] as narrows
        from unnest(${`{${texts.map((text) => `"${text.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]) t`,
      );
      const rows = (result as unknown as { rows: { text: string; matches: boolean; narrows: boolean }[] }).rows;
      expect(rows).toHaveLength(texts.length);
      for (const row of rows) if (row.matches) expect({ word, ...row }).toEqual({ word, ...row, narrows: true });
    }
    // ".de" is no word start for the patterns, and so not for the index either: three of the eight texts.
    const de = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from unnest(${`{${texts.map((text) => `"${text.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]) t
        where search_word_starts(t) @> ${wordStartKey('de')}::text[]`,
    );
    expect((de as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
    expect(wordStartKey('de')).toBe('{"de"}');
    expect(wordStartKey('a-')).toBe('{"a"}');
    expect(wordStartKey('-a')).toBe('{}');
    expect(wordStartKey('"q')).toBe('{"\\"q"}');
  });

  it("the whitelist's index serves a short word: with no match it rechecks none of 3,000 entries", async () => {
    const account = ids['Müller Logistik GmbH']!;
    await client.exec(`insert into whitelist_entries (account_id, kind, value)
      select '${account}', 'email', 'p' || g || '@firma-v' || g || '.de' from generate_series(1, 3000) g`);
    const result = await db.execute<{ plan: string }>(
      sql`explain (analyze, costs off, timing off, summary off) select id from whitelist_entries
        where search_word_starts(search_value) @> '{"de"}'::text[] and (search_value like 'de%' or search_value like '% de%' or search_value like '%-de%')`,
    );
    const plan = (result as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
    expect(plan).toMatch(/Bitmap Index Scan on whitelist_entries_search_word_starts/);
    expect(plan).not.toMatch(/Rows Removed by (Filter|Index Recheck): [1-9]\d{2,}/);
    await client.exec(`delete from whitelist_entries where value like 'p%@firma-v%.de'`);
  });
});
