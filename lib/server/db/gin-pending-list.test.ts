/** @jest-environment node */
import type { PGlite } from '@electric-sql/pglite';
import { openMigratedPglite } from '@/test-support/migrated-pglite';

/**
 * Migration 0039 (issue 49): every GIN index merges its pending list in steps of 64 kB, so no
 * single INSERT merges up to 4 MB of it while the embedded database holds the event loop. A GIN
 * index added later without the limit fails here: create it `WITH (gin_pending_list_limit = 64)` in its
 * migration (and as `ginIndex` in schema.ts).
 */
let client: PGlite;

beforeAll(async () => {
  ({ client } = await openMigratedPglite());
});

afterAll(async () => {
  await client.close();
});

it('every GIN index of the schema has a pending list of at most 64 kB', async () => {
  const { rows } = await client.query<{ name: string; options: string[] | null }>(`
    select c.relname as name, c.reloptions as options
    from pg_catalog.pg_class c join pg_catalog.pg_am am on am.oid = c.relam
    where am.amname = 'gin' and c.relnamespace = 'public'::regnamespace
    order by 1`);
  expect(rows.length).toBeGreaterThanOrEqual(12);
  const without = rows
    .filter((row) => !(row.options ?? []).includes('gin_pending_list_limit=64'))
    .map((row) => row.name);
  expect(without).toEqual([]);
});

it('an insert into a table with such an index merges the pending list as it goes', async () => {
  // 3,000 names of ~40 trigrams each are far over 64 kB of pending entries: with the limit
  // the list is merged whenever it passes 64 kB, so at the end at most that much is pending.
  await client.exec(`create temporary table gin_probe (name text)`);
  await client.exec(
    `create index gin_probe_trgm on gin_probe using gin (name gin_trgm_ops) with (gin_pending_list_limit = 64)`,
  );
  await client.exec(
    `insert into gin_probe select 'Bäckerei Hansen Filiale ' || g || ' ' || md5(g::text) from generate_series(1, 3000) g`,
  );
  // What a merge now moves: what is left pending (0 when nothing, a few pages when a step's worth).
  const { rows } = await client.query<{ moved: number }>(
    `select pg_catalog.gin_clean_pending_list('gin_probe_trgm'::regclass)::int as moved`,
  );
  expect(rows[0]!.moved).toBeLessThanOrEqual(16); // pages of 8 kB: 64 kB and the page a step ends in
});
