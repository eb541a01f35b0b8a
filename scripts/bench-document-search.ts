/**
 * `npm run bench:document-search` (issue 45): the documents part of the global search as it was
 * (the searched text across a join with the current version, no index) against what it is now (the
 * current file name kept on the document, migration 0036, and a trigram index on the searched text),
 * on an embedded database in memory with `BENCH_DOCUMENTS` (20,000, the scale seed's count) documents
 * of two versions each. Per term the median of `BENCH_RUNS` (7) runs of each statement, interleaved,
 * after one warm-up run: the statement is the whole part's time, all of it on the server's event loop
 * with the embedded database.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TERMS = ['mueller', 'mueller bremen', 'vertrag 2026', 'praemien'];
const CITIES = ['Bremen', 'Köln', 'München', 'Hamburg', 'Leipzig', 'Kiel', 'Bonn', 'Essen'];
const NAMES = ['Müller', 'Schmidt', 'Weber', 'Fischer', 'Wagner', 'Becker', 'Hoffmann', 'Koch'];
const KINDS = ['Rahmenvertrag', 'Prämienübersicht', 'Rechnung', 'Mitarbeiterliste', 'Richtlinie'];

const like = (word: string) => `%${word}%`;

function statements(words: string[]) {
  const oldMatch = words.map((_, i) => `(d.search_title || ' ' || v.search_file_name) like $${i + 1}`).join(' and ');
  const newMatch = words
    .map((_, i) => `(d.search_title || ' ' || coalesce(d.search_file_name, '')) like $${i + 1}`)
    .join(' and ');
  const before = `select d.id, d.title, v.file_name from documents d
    join document_versions v on v.document_id = d.id and v.number = d.current_version
    where d.deleted_at is null and ${oldMatch} order by d.title limit 5`;
  const after = `select d.id, d.title, v.file_name from documents d
    join document_versions v on v.document_id = d.id and v.number = d.current_version
    where d.deleted_at is null and ${newMatch} order by d.title limit 5`;
  return { before, after };
}

async function main() {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: path.join(process.cwd(), 'lib/server/db/migrations') });
  const started = performance.now();
  for (let start = 0; start < DOCUMENTS; start += 1_000) {
    const documents: string[] = [];
    const versions: string[] = [];
    for (let i = start; i < Math.min(start + 1_000, DOCUMENTS); i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const title = `${KINDS[i % KINDS.length]} ${NAMES[(i >> 3) % NAMES.length]} ${CITIES[i % CITIES.length]} ${2020 + (i % 7)}`;
      documents.push(`('${id}', '${title}', 'contract', 2)`);
      for (const number of [1, 2]) {
        const file = `${KINDS[(i + number) % KINDS.length]}_${NAMES[i % NAMES.length]}_${i}_v${number}.pdf`;
        versions.push(`('${id}', ${number}, '${file}', 'application/pdf', 1, 'x')`);
      }
    }
    await client.exec(
      `insert into documents (id, title, category, current_version) values ${documents.join(',')};
       insert into document_versions (document_id, number, file_name, mime_type, size_bytes, sha256) values ${versions.join(',')};`,
    );
  }
  console.log(`${DOCUMENTS} documents with 2 versions each in ${Math.round(performance.now() - started)} ms`);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log('term                  before (ms)  after (ms)  hits');
  for (const term of TERMS) {
    const words = term.split(' ');
    const { before, after } = statements(words);
    const params = words.map(like);
    const hits = (await client.query(after, params)).rows.length;
    const expected = (await client.query(before, params)).rows.length;
    if (hits !== expected) throw new Error(`"${term}": ${expected} hits before, ${hits} after`);
    const times = { before: [] as number[], after: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      for (const [name, text] of [
        ['before', before],
        ['after', after],
      ] as const) {
        const at = performance.now();
        await client.query(text, params);
        times[name].push(performance.now() - at);
      }
    }
    console.log(
      `${term.padEnd(22)}${median(times.before).toFixed(1).padStart(11)}${median(times.after).toFixed(1).padStart(12)}${String(hits).padStart(6)}`,
    );
  }
  await client.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
