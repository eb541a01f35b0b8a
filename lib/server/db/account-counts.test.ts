/** @jest-environment node */
import type { PGlite } from '@electric-sql/pglite';
import { openMigratedPglite } from '@/test-support/migrated-pglite';

/**
 * account_counts (migrations 0003 and 0038): the list's and the dashboard's totals. Inserts move each
 * counter once per statement, by the statement's count; updates and deletes one row at a time.
 */
let client: PGlite;

beforeAll(async () => {
  ({ client } = await openMigratedPglite());
});

afterAll(async () => {
  await client.close();
});

/** Each counter against the accounts it counts: key → [kept, actual]. */
async function counters(): Promise<Record<string, [number, number]>> {
  const result = await client.query<{ key: string; n: number; actual: number }>(`
    select c.distributor_key::text || ' ' || c.status || ' ' || c.is_top_level::text as key, c.n::int as n,
           (select count(*)::int from accounts a
             where coalesce(a.distributor_id, '00000000-0000-0000-0000-000000000000') = c.distributor_key
               and a.status = c.status and (a.parent_id is null) = c.is_top_level) as actual
    from account_counts c where c.n <> 0 or exists (select 1 from accounts)`);
  return Object.fromEntries(result.rows.map((row) => [row.key, [row.n, row.actual]]));
}

it('one statement of many accounts moves each counter by its share; updates and deletes move them one by one', async () => {
  const {
    rows: [distributor],
  } = await client.query<{ id: string }>(
    `insert into users (email, first_name, last_name, role, status)
     values ('vera@example.com', 'Vera', 'Vertrieb', 'distributor', 'active') returning id`,
  );
  // Three groups in one statement: top-level drafts with a distributor, top-level active ones
  // without, and sub-accounts of the first.
  await client.query(
    `insert into accounts (id, name, legal_form, lineage, status, distributor_id)
     select gen_random_uuid(), 'Konto ' || i, 'GmbH', '{}', case when i % 3 = 0 then 'active' else 'draft' end,
            case when i % 3 = 0 then null else $1::uuid end
     from generate_series(1, 30) i`,
    [distributor!.id],
  );
  await client.query(`update accounts set lineage = array[id]`);
  const {
    rows: [parent],
  } = await client.query<{ id: string }>(`select id from accounts where status = 'draft' limit 1`);
  await client.query(
    `insert into accounts (name, legal_form, parent_id, lineage, status, distributor_id)
     select 'Filiale ' || i, 'GmbH', $1::uuid, array[$1::uuid], 'draft', $2::uuid from generate_series(1, 7) i`,
    [parent!.id, distributor!.id],
  );
  let counts = await counters();
  expect(counts[`${distributor!.id} draft true`]).toEqual([20, 20]);
  expect(counts['00000000-0000-0000-0000-000000000000 active true']).toEqual([10, 10]);
  expect(counts[`${distributor!.id} draft false`]).toEqual([7, 7]);

  await client.query(`update accounts set status = 'active' where name in ('Filiale 1', 'Filiale 2')`);
  await client.query(`delete from accounts where name = 'Filiale 3'`);
  counts = await counters();
  expect(counts[`${distributor!.id} draft false`]).toEqual([4, 4]);
  expect(counts[`${distributor!.id} active false`]).toEqual([2, 2]);
  for (const [key, [kept, actual]] of Object.entries(counts)) expect({ key, kept }).toEqual({ key, kept: actual });
});
