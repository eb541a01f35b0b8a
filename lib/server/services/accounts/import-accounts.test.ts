/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/rows';
import { users } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { anchorChain } from '@/lib/server/history/anchor';
import { verifyChain, type ChainQuery } from '@/lib/server/history/chain';
import { auditChainKeys } from '@/lib/server/history/chain-keys';
import { testActor } from '@/test-support/actor';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import { importAccounts, nextStatementRows } from './import-accounts';

/**
 * The real run of the account import in statements of many rows (issue 49), on a migrated database:
 * an import of 1,500 rows takes at least four statements (the first of 50 rows, none of more than
 * 500), so parents and children land in different statements. Every account is placed as the form
 * places it, gets its own history entry with its customer number, the counts stay exact, the keyed
 * chain verifies; an error in a late statement stores nothing at all.
 */
jest.setTimeout(300_000);

let db: Db;
let client: PGlite;
jest.mock('@/lib/server/db/client', () => ({ getDb: () => Promise.resolve(db) }));

const admin = testActor('admin', null, '00000000-0000-4000-8000-00000000000a');
const DISTRIBUTOR_EMAIL = 'vertrieb@example.com';
let distributorId: string;
/** An account in the database the file names by customer number. */
let stored: { id: string; customerNumber: string; lineage: string[] };

const HEADER = 'Name;Rechtsform;Übergeordnetes Konto;Vertriebspartner;PLZ;Ort;Mitarbeitende;sachbezug';

/**
 * Trees of ten as the bench writes them (a top row with the distributor and a benefit, nine rows
 * under it by name), every tenth of those with a row under it (depth 3), and every hundredth row
 * under the stored account by its customer number. Children come before their parents in the file.
 */
function treeRows(count: number, tag: string): string[] {
  const rows: string[] = [];
  for (let index = 0; index < count; index++) {
    const top = index - (index % 10);
    if (index % 100 === 99) rows.push(`Unter Bestand ${index} ${tag};GmbH;${stored.customerNumber};;;;3;`);
    else if (index % 10 === 0) rows.push(`Zentrale ${index} ${tag};GmbH;;${DISTRIBUTOR_EMAIL};24937;Flensburg;120;50`);
    else if (index % 10 === 5) rows.unshift(`Lager ${index} ${tag};KG;Filiale ${index - 1} ${tag};;;;0;`);
    else rows.unshift(`Filiale ${index} ${tag};GmbH;Zentrale ${top} ${tag};;24103;Kiel;12;`);
  }
  return rows;
}

const upload = (rows: string[], dryRun = false) =>
  importAccounts(
    admin,
    { dryRun },
    new Request('http://import.test/', { method: 'POST', body: [HEADER, ...rows].join('\r\n') }),
  );

const run: ChainQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;

async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  ({ client, db } = await openMigratedPglite());
  await db.insert(users).values([
    { id: admin.id, email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin', status: 'active' },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Vera', lastName: 'Vertrieb', role: 'distributor', status: 'active' },
  ]);
  const [distributor] = await rowsOf<{ id: string }>(db, sql`select id from users where email = ${DISTRIBUTOR_EMAIL}`);
  distributorId = distributor!.id;
  const report = await upload([`Bestand;GmbH;;${DISTRIBUTOR_EMAIL};;;;`]);
  expect(report).toMatchObject({ imported: 1, errors: 0 });
  const [existing] = await rowsOf<{ id: string; customerNumber: string; lineage: string[] }>(
    db,
    sql`select id, customer_number as "customerNumber", lineage from accounts where name = 'Bestand'`,
  );
  stored = existing!;
  // The entries before the key would need sealing; this database has none, the anchor seals nothing.
  await anchorChain(db);
});

afterAll(async () => {
  await client?.close();
});

test('statement sizes follow the time of the longest statement, between 10 and 500 rows', () => {
  expect(nextStatementRows(50, 25)).toBe(100); // at most twice the last
  expect(nextStatementRows(200, 100)).toBe(100);
  expect(nextStatementRows(400, 20)).toBe(500);
  expect(nextStatementRows(50, 5_000)).toBe(10);
});

test('1,500 rows over several statements: places, history entries, counts and the chain hold', async () => {
  const tag = 'm1';
  const rows = treeRows(1_500, tag);
  const changesBefore = await countOf(sql`select count(*) as n from changes`);
  const report = await upload(rows);
  expect(report).toMatchObject({ rows: 1_500, valid: 1_500, imported: 1_500, errors: 0 });

  const accounts = await rowsOf<{
    id: string;
    name: string;
    customer_number: string;
    parent_id: string | null;
    parent_name: string | null;
    lineage: string[];
    distributor_id: string | null;
    status: string;
    benefits: unknown;
  }>(
    db,
    sql`select a.id, a.name, a.customer_number, a.parent_id, p.name as parent_name, a.lineage, a.distributor_id,
               a.status, a.benefits
        from accounts a left join accounts p on p.id = a.parent_id
        where a.name like ${`% ${tag}`}`,
  );
  expect(accounts).toHaveLength(1_500);
  const byId = new Map(accounts.map((account) => [account.id, account]));
  for (const account of accounts) {
    const [kind, number] = account.name.split(' ') as [string, string];
    const index = Number(number);
    expect(account.status).toBe('draft');
    // Every account under the tree's distributor, its lineage its parent's and itself.
    expect(account.distributor_id).toBe(distributorId);
    const parentLineage = account.parent_id ? (byId.get(account.parent_id)?.lineage ?? stored.lineage) : [];
    expect(account.lineage).toEqual([...parentLineage, account.id]);
    const expectedParent = {
      Zentrale: null,
      Filiale: `Zentrale ${index - (index % 10)} ${tag}`,
      Lager: `Filiale ${index - 1} ${tag}`,
      Unter: 'Bestand',
    }[kind];
    expect(account.parent_name).toBe(expectedParent);
    expect(account.benefits).toEqual(
      kind === 'Zentrale' ? [{ code: 'sachbezug', amountCents: 5000, unit: 'month' }] : [],
    );
  }

  // One history entry per account, with its customer number; one for the import, naming its report.
  const entries = await rowsOf<{ entity_id: string; account_id: string; fields: { field: string; after: unknown }[] }>(
    db,
    sql`select entity_id, account_id, fields from changes
        where entity_type = 'account' and action = 'create' and entity_id in (select id from accounts where name like ${`% ${tag}`})`,
  );
  expect(entries).toHaveLength(1_500);
  expect(new Set(entries.map((entry) => entry.entity_id)).size).toBe(1_500);
  for (const entry of entries) {
    const account = byId.get(entry.entity_id)!;
    expect(entry.account_id).toBe(account.id);
    expect(entry.fields.find((field) => field.field === 'customerNumber')?.after).toBe(account.customer_number);
    expect(entry.fields.find((field) => field.field === 'parentId')?.after ?? null).toBe(account.parent_id);
  }
  expect(
    await countOf(sql`select count(*) as n from changes where entity_type = 'import' and entity_id = ${report.id}`),
  ).toBe(1);
  expect(await countOf(sql`select count(*) as n from imports where id = ${report.id}`)).toBe(1);
  expect(await countOf(sql`select count(*) as n from changes`)).toBe(changesBefore + 1_501);
  // Every entry's actor label is a personal value of its own, and every entry has its MAC.
  expect(
    await countOf(
      sql`select count(*) as n from changes c left join changes_mac m on m.change_id = c.id where m.change_id is null`,
    ),
  ).toBe(0);

  // The counts the trigger keeps still equal the accounts.
  const counts = await rowsOf<{ key: string; n: string; actual: string }>(
    db,
    sql`select c.distributor_key::text || c.status || c.is_top_level::text as key, c.n::text as n,
               (select count(*) from accounts a where coalesce(a.distributor_id, '00000000-0000-0000-0000-000000000000') = c.distributor_key
                  and a.status = c.status and (a.parent_id is null) = c.is_top_level)::text as actual
        from account_counts c`,
  );
  for (const count of counts) expect(count.n).toBe(count.actual);

  // The chain: linked, its head moved to the last entry, every MAC and personal value holds.
  const verified = await verifyChain(run, { keys: auditChainKeys() });
  expect(verified).toMatchObject({ ok: true, firstBroken: null, keyed: true, personalValues: { broken: null } });
  expect(verified.checked).toBe(changesBefore + 1_501);

  // The same file again: every row exists, nothing is written.
  const again = await upload(rows);
  expect(again).toMatchObject({ valid: 0, existing: 1_500, imported: 0 });
  expect(await countOf(sql`select count(*) as n from changes`)).toBe(changesBefore + 1_502);
});

test('an error in a late statement stores nothing: no account, no entry, the chain intact', async () => {
  const tag = 'm2';
  // The last row placed (depth 3, at the end of the file) fails in the database.
  const rows = [...treeRows(1_200, tag), `Kaputt ${tag};GmbH;Filiale 1 ${tag};;;;0;`];
  await client.exec(`CREATE FUNCTION pg_temp.refuse_kaputt() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.name LIKE 'Kaputt %' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$;
    CREATE TRIGGER refuse_kaputt BEFORE INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION pg_temp.refuse_kaputt();`);
  const changesBefore = await countOf(sql`select count(*) as n from changes`);
  const accountsBefore = await countOf(sql`select count(*) as n from accounts`);
  const valuesBefore = await countOf(sql`select count(*) as n from history_personal_values`);
  const importsBefore = await countOf(sql`select count(*) as n from imports`);
  try {
    expect((await upload(rows, true)).valid).toBe(1_201);
    const failed: unknown = await upload(rows).then(
      () => null,
      (error: unknown) => error,
    );
    // The database's refusal, wrapped by drizzle in the statement that met it.
    expect((failed as { cause?: Error } | null)?.cause?.message).toBe('refused for the test');
  } finally {
    await client.exec('DROP TRIGGER refuse_kaputt ON accounts');
  }
  expect(await countOf(sql`select count(*) as n from accounts`)).toBe(accountsBefore);
  expect(await countOf(sql`select count(*) as n from changes`)).toBe(changesBefore);
  expect(await countOf(sql`select count(*) as n from history_personal_values`)).toBe(valuesBefore);
  expect(await countOf(sql`select count(*) as n from imports`)).toBe(importsBefore);
  expect(await verifyChain(run, { keys: auditChainKeys() })).toMatchObject({ ok: true, firstBroken: null });
});
