/**
 * `npm run bench:whitelist` (issue 24): the statements of the whitelist list (`GET /whitelist`,
 * the `/whitelist/` page) on an embedded database that already holds the scale seed
 * (`DATA_DIR=<folder> npm run db:seed -- --scale`), each sort in both directions, with and without
 * the search and the filters. Per case it prints the median and the fastest of 7 runs
 * (`BENCH_RUNS`) of the count and of the page (after one warm-up run) and, with `BENCH_EXPLAIN=1`,
 * their plans (EXPLAIN ANALYZE).
 *
 * The folder is migrated first (the time it took is printed: migration 0020 builds its indexes then).
 * `BENCH_IMPORT=1` then adds 50,000 entries to an account of their own, as `npm run bench`'s CSV
 * import does (once: a second run finds the account and adds nothing). Opens the folder with the
 * server's PGlite settings; stop any server on it first (PGlite allows one process at a time).
 * `BENCH_FILTER=<text>` runs only the cases whose name contains it.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
  MAX_COUNTED_WHITELIST_ENTRIES,
  WHITELIST_SORT_FIELDS,
  whitelistListQuerySchema,
} from '../lib/schemas/whitelist';
import * as schema from '../lib/server/db/schema';
import type { Db } from '../lib/server/db/types';
import { countWhitelistEntries, selectPage, whitelistToday } from '../lib/server/services/whitelist/whitelist-query';
import { searchWhitelistIds } from '../lib/server/services/whitelist/whitelist-search';

const IMPORT_ACCOUNT = 'Bench Import Whitelist GmbH';
const IMPORT_ROWS = 50_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

interface Captured {
  text: string;
  params: unknown[];
}

async function main() {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR names the folder of a scale-seeded embedded database');
  const client = await PGlite.create(path.resolve(dataDir, 'pglite'), {
    extensions: { pg_trgm },
    // The server's setting (lib/server/db/client.ts): the figures are the server's.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  let captured: Captured[] = [];
  // The longest single statement since `longest` was last reset: what holds PGlite's event loop.
  let longest = 0;
  for (const method of ['query', 'exec'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await original(...args);
      } finally {
        longest = Math.max(longest, performance.now() - started);
      }
    };
  }
  const database = drizzle(client, {
    schema,
    logger: { logQuery: (text, params) => void captured.push({ text, params }) },
  });
  const started = performance.now();
  await migrate(database, { migrationsFolder: path.join(process.cwd(), 'lib/server/db/migrations') });
  console.log(`migrated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const db = database as unknown as Db;
  const scalar = async (text: string, params: unknown[] = []) =>
    (await client.query<{ v: unknown }>(text, params)).rows[0]?.v ?? null;

  if (process.env.BENCH_IMPORT === '1') await importRows(client);
  const total = Number(await scalar('select count(*) as v from whitelist_entries'));
  const importAccount = String(await scalar('select id as v from accounts where name = $1', [IMPORT_ACCOUNT]));
  const smallAccount = String(
    await scalar(
      `select account_id as v from whitelist_entries group by account_id having count(*) = 2 order by account_id limit 1`,
    ),
  );
  const distributor = String(await scalar(`select id as v from users where email = 'vertrieb@example.com'`));
  const nulls = Number(await scalar('select count(*) as v from whitelist_entries where valid_until is null'));
  console.log(
    `whitelist entries: ${total.toLocaleString('en')} (${nulls.toLocaleString('en')} without validUntil); ` +
      `the import account has ${Number(await scalar('select count(*) as v from whitelist_entries where account_id = $1', [importAccount])).toLocaleString('en')}`,
  );

  // Reach only reads the role, the distributor's id and the manager's account.
  const admin = { id: distributor, role: 'admin' as const, accountId: null };
  const vertrieb = { id: distributor, role: 'distributor' as const, accountId: null };
  const managerAccount = String(await scalar(`select account_id as v from users where email = 'manager@example.com'`));
  const manager = { id: distributor, role: 'manager' as const, accountId: managerAccount };
  type ActorReach = { id: string; role: 'admin' | 'distributor' | 'manager'; accountId: string | null };
  const cases: [string, ActorReach, Record<string, string>][] = [];
  for (const sort of WHITELIST_SORT_FIELDS) {
    for (const order of ['asc', 'desc']) cases.push([`sort ${sort} ${order}`, admin, { sort, order }]);
  }
  cases.push(
    ['page 2', admin, { page: '2' }],
    ['page 51 (offset 1,000)', admin, { page: '51' }],
    ['page 51 validUntil desc', admin, { page: '51', sort: 'validUntil', order: 'desc' }],
    ['page 11 perPage 100 q example', admin, { page: '11', perPage: '100', q: 'example' }],
    ['page 501 (offset 10,000)', admin, { page: '501' }],
    ['page 501 validUntil desc', admin, { page: '501', sort: 'validUntil', order: 'desc' }],
    ['page 12,500 (offset 249,980)', admin, { page: '12500' }],
    ['perPage 100', admin, { perPage: '100' }],
    ['q common (example)', admin, { q: 'example' }],
    ['q common validUntil desc', admin, { q: 'example', sort: 'validUntil', order: 'desc' }],
    ['q medium (logistik)', admin, { q: 'logistik' }],
    ['q rare (mitarbeiter.4711@)', admin, { q: 'mitarbeiter.4711@' }],
    ['q none (zzqxj)', admin, { q: 'zzqxj' }],
    ['q none validUntil asc', admin, { q: 'zzqxj', sort: 'validUntil' }],
    ['q note (saisonkraft)', admin, { q: 'saisonkraft' }],
    // 50,000 matches, all in one stretch of the value order (the import account's): not served.
    ['q clustered (bench-import)', admin, { q: 'bench-import' }],
    ['q two letters (zq)', admin, { q: 'zq' }],
    ['q two letters (ma)', admin, { q: 'ma' }],
    ['kind domain', admin, { kind: 'domain' }],
    ['kind email', admin, { kind: 'email' }],
    ['kind domain validUntil desc', admin, { kind: 'domain', sort: 'validUntil', order: 'desc' }],
    ['expired true', admin, { expired: 'true' }],
    ['expired false', admin, { expired: 'false' }],
    ['expired true validUntil desc', admin, { expired: 'true', sort: 'validUntil', order: 'desc' }],
    ['expired false validUntil asc', admin, { expired: 'false', sort: 'validUntil' }],
    ['accountId 50k', admin, { accountId: importAccount }],
    ['accountId 50k validUntil desc', admin, { accountId: importAccount, sort: 'validUntil', order: 'desc' }],
    ['accountId 50k validUntil asc', admin, { accountId: importAccount, sort: 'validUntil' }],
    ['accountId 50k createdAt asc', admin, { accountId: importAccount, sort: 'createdAt' }],
    ['accountId 50k createdAt desc', admin, { accountId: importAccount, sort: 'createdAt', order: 'desc' }],
    ['accountId 50k kind desc', admin, { accountId: importAccount, sort: 'kind', order: 'desc' }],
    ['accountId 50k accountName desc', admin, { accountId: importAccount, sort: 'accountName', order: 'desc' }],
    ['accountId 50k value desc q 4711', admin, { accountId: importAccount, order: 'desc', q: '4711' }],
    ['accountId 2', admin, { accountId: smallAccount }],
    ['distributor', vertrieb, {}],
    ['distributor validUntil desc', vertrieb, { sort: 'validUntil', order: 'desc' }],
    ['distributor accountName', vertrieb, { sort: 'accountName' }],
    ['manager', manager, {}],
    // Issue 45: the red team's manager (52,000 entries after `npm run bench`'s import or BENCH_IMPORT).
    ...['v5', 'ma', 'de', 'zq', 'mitarbeiter', 'example'].map((q): [string, ActorReach, Record<string, string>] => [
      `manager q ${q}`,
      manager,
      { q },
    ]),
    ...['v5', 'zq', 'example'].map((q): [string, ActorReach, Record<string, string>] => [`admin q ${q}`, admin, { q }]),
    ['manager validUntil desc', manager, { sort: 'validUntil', order: 'desc' }],
  );

  const filter = process.env.BENCH_FILTER;
  const explain = process.env.BENCH_EXPLAIN === '1';
  const today = whitelistToday();
  for (const [name, actor, raw] of cases) {
    if (filter && !name.includes(filter)) continue;
    const parsed = whitelistListQuerySchema.safeParse(raw);
    if (!parsed.success) {
      console.log(`${name.padEnd(34)} refused: ${parsed.error.issues.map((issue) => issue.message).join(' ')}`);
      continue;
    }
    const query = parsed.data;
    const window = { limit: query.perPage, offset: (query.page - 1) * query.perPage };
    const time = async (run: () => Promise<unknown>) => {
      await run();
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await run();
        ms.push(performance.now() - started);
      }
      ms.sort((a, b) => a - b);
      return `${(ms[Math.floor(RUNS / 2)] ?? 0).toFixed(1).padStart(7)} (min ${(ms[0] ?? 0).toFixed(1).padStart(6)})`;
    };
    const statementsOf = async (run: () => Promise<unknown>) => {
      captured = [];
      await run();
      const statements = captured;
      captured = [];
      return statements;
    };
    const count = () => countWhitelistEntries(db, actor, query, today, MAX_COUNTED_WHITELIST_ENTRIES);
    const page = () => selectPage(db, actor, query, today, window);
    if (query.q) {
      // Issue 45: the search as the list serves it (whitelist-search.ts): its statements, the
      // longest of them (what holds the event loop), and the one statement it replaced.
      const search = () =>
        searchWhitelistIds(db, actor, { ...query, q: query.q! }, today, window, MAX_COUNTED_WHITELIST_ENTRIES);
      longest = 0;
      const found = await search();
      const statementCount = (await statementsOf(search)).filter((s) => !/^set local/i.test(s.text)).length;
      const searchMs = await time(search);
      console.log(
        `${name.padEnd(34)} search ${searchMs} ms in ${statementCount} statements, longest ${longest.toFixed(1)} ms; ` +
          `counted ${found.counted}; one statement: page ${await time(page)} ms, count ${await time(count)} ms`,
      );
      continue;
    }
    const statements = { count: await statementsOf(count), page: await statementsOf(page) };
    const countMs = await time(count);
    const pageMs = await time(page);
    const counted = await count();
    console.log(`${name.padEnd(34)} count ${countMs} ms  page ${pageMs} ms  total ${JSON.stringify(counted)}`);
    if (explain) {
      for (const [label, list] of Object.entries(statements)) {
        for (const statement of list) {
          const plan = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${statement.text}`,
            statement.params,
          );
          console.log(`  -- ${label}: ${statement.text}\n  -- ${JSON.stringify(statement.params)}`);
          for (const line of plan.rows) console.log(`     ${line['QUERY PLAN']}`);
        }
      }
    }
  }
  await client.close();
}

/** 50,000 entries of one new account, as `npm run bench` imports them (every tenth valid until 2030-12-31). */
async function importRows(client: PGlite) {
  const exists = await client.query('select 1 from accounts where name = $1', [IMPORT_ACCOUNT]);
  if (exists.rows.length > 0) return;
  await client.transaction(async (tx) => {
    const account = await tx.query<{ id: string }>(
      `insert into accounts (name, legal_form, lineage, status) values ($1, 'GmbH', '{}', 'active') returning id`,
      [IMPORT_ACCOUNT],
    );
    const id = account.rows[0]?.id;
    await tx.query(`update accounts set lineage = array[id] where id = $1`, [id]);
    await tx.query(
      `insert into whitelist_entries (account_id, kind, value, note, valid_until)
       select $1, 'email', 'mitarbeiter.' || g || '@bench-import.example', 'Zeile ' || g,
              case when g % 10 = 0 then date '2030-12-31' end
       from generate_series(1, $2::int) g`,
      [id, IMPORT_ROWS],
    );
  });
  await client.exec('vacuum (analyze) whitelist_entries');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
