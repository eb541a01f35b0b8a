/**
 * `npm run bench:search` (issue 50): the global search in process, on an embedded database that
 * already holds the scale seed (`DATA_DIR=<folder>`, e.g. the folder `npm run bench` keeps with
 * `BENCH_DATA_DIR`, or `npm run db:seed -- --scale=0.1`; stop any server on it first: PGlite allows
 * one process at a time). Per term, as the administrator: the median of `BENCH_RUNS` (200) searches
 * after 20 warm-up ones — what one search costs the server's event loop with the embedded database —
 * and PostgreSQL's planning and execution time of its statements (EXPLAIN ANALYZE, the median of 5),
 * in all and of the longest one (what a request waiting for its turn may wait behind).
 * `BENCH_TERMS` (comma-separated) replaces the bench's four terms; `BENCH_AS=<e-mail>` searches as that
 * user (their role and account) instead.
 */
import type { Role } from '../lib/schemas/roles';
import { getDb } from '../lib/server/db/client';
import { globalSearch } from '../lib/server/services/search/global-search';
import { testActor } from '../test-support/actor';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TERMS = (process.env.BENCH_TERMS ?? 'Mueller,Logistik,Mueller Bremen,ma').split(',');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Client {
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

async function main() {
  if (!process.env.DATA_DIR) throw new Error('DATA_DIR names the folder of a scale-seeded embedded database');
  const db = await getDb();
  const client = (db as unknown as { $client: Client }).$client;
  let actor = testActor('admin');
  if (process.env.BENCH_AS) {
    const { rows } = await client.query('select id, role, account_id from users where email = $1', [
      process.env.BENCH_AS,
    ]);
    const row = rows[0] as { id: string; role: Role; account_id: string | null } | undefined;
    if (!row) throw new Error(`no user ${process.env.BENCH_AS}`);
    actor = testActor(row.role, row.account_id, row.id);
  }
  console.log(`as ${process.env.BENCH_AS ?? 'an administrator'}`);
  console.log(`term              statements  search p50  planning  execution  longest statement`);
  for (const term of TERMS) {
    const sent: { text: string; params: unknown[] }[] = [];
    const query = client.query;
    client.query = (text, params) => {
      sent.push({ text, params: params ?? [] });
      return query.call(client, text, params);
    };
    await globalSearch(actor, term);
    client.query = query;
    const times: number[] = [];
    for (let run = 0; run < RUNS + 20; run++) {
      const started = performance.now();
      await globalSearch(actor, term);
      if (run >= 20) times.push(performance.now() - started);
    }
    const planning: number[] = [];
    const execution: number[] = [];
    const longest: number[] = [];
    for (let run = 0; run < 5; run++) {
      let plan = 0;
      let exec = 0;
      let most = 0;
      for (const { text, params } of sent) {
        const { rows } = await client.query(`explain (analyze, summary) ${text}`, params);
        let statement = 0;
        for (const row of rows) {
          const line = String(row['QUERY PLAN']);
          const planned = Number(/^Planning Time: ([\d.]+)/.exec(line)?.[1] ?? 0);
          const executed = Number(/^Execution Time: ([\d.]+)/.exec(line)?.[1] ?? 0);
          plan += planned;
          exec += executed;
          statement += planned + executed;
        }
        most = Math.max(most, statement);
      }
      planning.push(plan);
      execution.push(exec);
      longest.push(most);
    }
    console.log(
      `${term.padEnd(16)}  ${String(sent.length).padStart(10)}  ${median(times).toFixed(2).padStart(7)} ms  ${median(planning).toFixed(2).padStart(5)} ms  ${median(execution).toFixed(2).padStart(6)} ms  ${median(longest).toFixed(2).padStart(8)} ms`,
    );
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
