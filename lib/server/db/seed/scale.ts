import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { anchoredUnder, sealEntriesWithoutMac } from '@/lib/server/history/anchor';
import { auditChainKeys } from '@/lib/server/history/chain-keys';
import type { Db, Tx } from '../types';
import { rowsOf } from '../rows';

/*
 * The scale seed (SPEC §7, `npm run db:seed -- --scale`): 100,000 accounts in trees, 1,000,000
 * history rows, 200,000 whitelist entries and 20,000 documents (issue 49: 1–4 KiB each, plus one
 * 8 MiB file for the download bench) on top of the demo data, for benchmarks.
 *
 * Everything is generated inside the database with set-based `INSERT … SELECT … FROM
 * generate_series(…)` statements in batches; JavaScript only builds the SQL. "Random" choices are
 * hashes of the row number, so two runs produce the same names, trees and statuses (only the
 * uuids and timestamps differ), and a benchmark's search term always finds the same rows.
 *
 * The whole seed is one transaction: it either lands completely or not at all, and a database
 * that already holds a scale seed is refused rather than filled twice.
 */

export interface ScaleSeedOptions {
  /** Multiplies the default sizes (100,000 accounts, 1,000,000 changes, 200,000 whitelist entries, 20,000 documents). */
  factor?: number;
  /** Additional distributor users to create (the demo's distributors are used as well). */
  extraDistributors?: number;
  /** Progress lines; `console.log` by default. */
  log?: (line: string) => void;
}

export interface ScaleSeedReport {
  accounts: number;
  topLevelAccounts: number;
  changes: number;
  whitelistEntries: number;
  documents: number;
  distributorsCreated: number;
  /** Accounts of vertrieb@example.com, the demo distributor. */
  demoDistributorAccounts: number;
  seconds: { generate: number; analyze: number; total: number };
  totals: { accounts: number; changes: number; whitelistEntries: number; documents: number; users: number };
}

export class ScaleSeedRefused extends Error {}

/** The word the benchmark searches for: one of the industries in the generated names. */
export const SCALE_SEARCH_WORD = 'Logistik';
export const DEMO_DISTRIBUTOR_EMAIL = 'vertrieb@example.com';

const BASE_ACCOUNTS = 100_000;
const BASE_CHANGES = 1_000_000;
const BASE_WHITELIST = 200_000;
const BASE_DOCUMENTS = 20_000;
const BATCH_ROWS = { accounts: 25_000, changes: 100_000, whitelist: 50_000, documents: 10_000 };

/** The one large file of the scale seed, whatever the factor: `npm run bench:documents` downloads it. */
export const SCALE_LARGE_DOCUMENT_TITLE = 'Benchmark Leistungsübersicht groß';
/** 8 MiB: 32 chunks of 256 KiB. */
export const SCALE_LARGE_DOCUMENT_BYTES = 32 * 256 * 1024;
/** The small files: 1–4 KiB each (20,000 of them hold about 50 MiB at factor 1). */
const SMALL_DOCUMENT_BYTES = { min: 1024, spread: 3072 };

// ---------------------------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------------------------

// prettier-ignore
const SURNAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
  'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier',
  'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber',
  'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert',
  'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz',
  'Baumann', 'Franke', 'Albrecht', 'Schuster', 'Simon', 'Ludwig', 'Böhm', 'Winter', 'Kraus', 'Martin',
  'Schumacher', 'Krämer', 'Vogt', 'Stein', 'Jäger', 'Otto', 'Sommer', 'Groß', 'Seidel', 'Heinrich',
  'Brandt', 'Haas', 'Schreiber', 'Graf', 'Schulte', 'Dietrich', 'Ziegler', 'Kuhn', 'Kühn', 'Pohl',
];

// prettier-ignore
const FIRST_NAMES = [
  'Anna', 'Maria', 'Julia', 'Laura', 'Lena', 'Sarah', 'Katharina', 'Sabine', 'Petra', 'Claudia',
  'Andrea', 'Susanne', 'Nicole', 'Stefanie', 'Christina', 'Sandra', 'Melanie', 'Birgit', 'Heike', 'Monika',
  'Emma', 'Mia', 'Hannah', 'Sophie', 'Lea', 'Jana', 'Nina', 'Carina', 'Ute', 'Elke',
  'Thomas', 'Michael', 'Andreas', 'Stefan', 'Christian', 'Markus', 'Frank', 'Peter', 'Jan', 'Tobias',
  'Daniel', 'Martin', 'Sebastian', 'Alexander', 'Florian', 'Matthias', 'Jürgen', 'Uwe', 'Lukas', 'Jonas',
  'Felix', 'Maximilian', 'Niklas', 'Leon', 'Paul', 'Ralf', 'Dirk', 'Holger', 'Kai', 'Timo',
];

/** Industries; `SCALE_SEARCH_WORD` is one of them. */
// prettier-ignore
const INDUSTRIES = [
  'Logistik', 'Bau', 'Maschinenbau', 'Elektrotechnik', 'Metallbau', 'Holzbau', 'Dachdeckerei', 'Sanitärtechnik',
  'Haustechnik', 'Immobilien', 'Hausverwaltung', 'Pflegedienst', 'Gebäudereinigung', 'Spedition', 'Transporte',
  'Autohaus', 'Getränke', 'Bäckerei', 'Brauerei', 'Druckerei', 'Software', 'IT-Systeme', 'Medizintechnik',
  'Steuerberatung', 'Ingenieurbüro', 'Architekten', 'Gartenbau', 'Landtechnik', 'Kunststofftechnik',
  'Verpackung', 'Lebensmittel', 'Feinkost', 'Möbel', 'Textil', 'Optik', 'Reisen', 'Energie', 'Solartechnik',
  'Werkzeugbau', 'Fahrzeugbau', 'Personalservice', 'Sicherheitsdienst', 'Consulting', 'Handel', 'Versand',
];

// prettier-ignore
const PREFIXES = [
  'Nord', 'Süd', 'West', 'Ost', 'Rhein', 'Elbe', 'Weser', 'Main', 'Alpen', 'Spree', 'Havel', 'Isar', 'Ems',
  'Saale', 'Harz', 'Eifel', 'Taunus', 'Allgäu', 'Hanse', 'Mosel', 'Neckar', 'Ruhr', 'Donau', 'Ostsee',
  'Nordsee', 'Werra', 'Lahn', 'Fulda', 'Bodensee', 'Schwarzwald',
];
const PREFIX_SUFFIXES = ['werk', 'tec', 'plan', 'data', 'form', 'haus', 'kraft', 'line', 'con', 'log'];
const BRANCH_SUFFIXES = [
  'Nord',
  'Süd',
  'West',
  'Ost',
  'Mitte',
  'Service',
  'Technik',
  'Vertrieb',
  'Verwaltung',
  'Personal',
];

/** [city, first postcode, area code without the 0]. */
// prettier-ignore
const CITIES: Array<[string, number, string]> = [
  ['Berlin', 10115, '30'], ['Hamburg', 20095, '40'], ['München', 80331, '89'], ['Köln', 50667, '221'],
  ['Frankfurt am Main', 60311, '69'], ['Stuttgart', 70173, '711'], ['Düsseldorf', 40213, '211'],
  ['Leipzig', 4109, '341'], ['Dortmund', 44135, '231'], ['Essen', 45127, '201'], ['Bremen', 28195, '421'],
  ['Dresden', 1067, '351'], ['Hannover', 30159, '511'], ['Nürnberg', 90402, '911'], ['Duisburg', 47051, '203'],
  ['Bochum', 44787, '234'], ['Wuppertal', 42103, '202'], ['Bielefeld', 33602, '521'], ['Bonn', 53111, '228'],
  ['Münster', 48143, '251'], ['Mannheim', 68159, '621'], ['Karlsruhe', 76133, '721'], ['Augsburg', 86150, '821'],
  ['Wiesbaden', 65183, '611'], ['Mönchengladbach', 41061, '2161'], ['Gelsenkirchen', 45879, '209'],
  ['Aachen', 52062, '241'], ['Braunschweig', 38100, '531'], ['Kiel', 24103, '431'], ['Chemnitz', 9111, '371'],
  ['Halle (Saale)', 6108, '345'], ['Magdeburg', 39104, '391'], ['Freiburg im Breisgau', 79098, '761'],
  ['Krefeld', 47798, '2151'], ['Mainz', 55116, '6131'], ['Lübeck', 23552, '451'], ['Erfurt', 99084, '361'],
  ['Oberhausen', 46045, '208'], ['Rostock', 18055, '381'], ['Kassel', 34117, '561'], ['Hagen', 58095, '2331'],
  ['Potsdam', 14467, '331'], ['Saarbrücken', 66111, '681'], ['Hamm', 59065, '2381'], ['Oldenburg', 26122, '441'],
  ['Osnabrück', 49074, '541'], ['Leverkusen', 51373, '214'], ['Heidelberg', 69117, '6221'],
  ['Darmstadt', 64283, '6151'], ['Regensburg', 93047, '941'], ['Würzburg', 97070, '931'], ['Ulm', 89073, '731'],
  ['Göttingen', 37073, '551'], ['Bamberg', 96047, '951'], ['Trier', 54290, '651'], ['Jena', 7743, '3641'],
  ['Konstanz', 78462, '7531'], ['Flensburg', 24937, '461'], ['Passau', 94032, '851'], ['Ingolstadt', 85049, '841'],
];

// prettier-ignore
const STREETS = [
  'Hauptstraße', 'Bahnhofstraße', 'Gartenstraße', 'Schulstraße', 'Dorfstraße', 'Bergstraße', 'Lindenstraße',
  'Kirchstraße', 'Waldstraße', 'Ringstraße', 'Industriestraße', 'Gewerbestraße', 'Am Markt', 'Friedrichstraße',
  'Goethestraße', 'Schillerstraße', 'Mozartstraße', 'Poststraße', 'Wiesenweg', 'Rosenweg', 'Am Hafen',
  'Kaiserstraße', 'Marktplatz', 'Lessingstraße', 'Hafenstraße', 'Mühlenweg', 'Parkstraße', 'Feldstraße',
  'Birkenweg', 'Im Gewerbepark', 'Robert-Bosch-Straße', 'Carl-Benz-Straße', 'Max-Planck-Straße',
];

/** Legal forms of top-level accounts, with weights in per mille. */
// prettier-ignore
const LEGAL_FORM_WEIGHTS: Array<[string, number]> = [
  ['GmbH', 500], ['GmbH & Co. KG', 150], ['KG', 80], ['e.K.', 80], ['AG', 50], ['OHG', 40], ['GbR', 40],
  ['Sonstige', 30], ['eG', 20], ['SE', 10],
];

const ROOT_STATUS_WEIGHTS: Array<[string, number]> = [
  ['active', 840],
  ['draft', 70],
  ['suspended', 50],
  ['archived', 40],
];
const CHILD_STATUS_WEIGHTS: Array<[string, number]> = [
  ['active', 920],
  ['draft', 50],
  ['suspended', 20],
  ['archived', 10],
];

const BENEFIT_TEMPLATES = [
  [],
  [{ code: 'sachbezug', amountCents: 5000, unit: 'month' }],
  [
    { code: 'sachbezug', amountCents: 5000, unit: 'month' },
    { code: 'jobticket', amountCents: 4900, unit: 'month' },
  ],
  [
    { code: 'essenszuschuss', amountCents: 767, unit: 'working_day' },
    { code: 'internet', amountCents: 5000, unit: 'month' },
  ],
  [
    { code: 'bav', amountCents: 2000, unit: 'percent' },
    { code: 'gesundheit', amountCents: 60000, unit: 'year' },
  ],
  [
    { code: 'sachbezug', amountCents: 4400, unit: 'month' },
    { code: 'kita', amountCents: 15000, unit: 'month' },
    { code: 'erholung', amountCents: 15600, unit: 'year' },
  ],
  [
    { code: 'bkv', amountCents: 3500, unit: 'month' },
    { code: 'geschenk', amountCents: 6000, unit: 'occasion' },
  ],
  [
    { code: 'jobticket', amountCents: 5800, unit: 'month' },
    { code: 'bav', amountCents: 1500, unit: 'percent' },
  ],
];

// prettier-ignore
const WHITELIST_NOTES = ['', '', '', 'Aushilfe', 'Werkstudentin', 'Praktikum', 'Private Adresse', 'Elternzeitvertretung', 'Saisonkraft'];
// prettier-ignore
// prettier-ignore
const DOCUMENT_TITLES = ['Rahmenvertrag', 'Leistungsübersicht', 'Rechnung', 'Mitarbeiterliste', 'Datenschutzvereinbarung', 'Angebot', 'Nachtrag', 'Richtlinie Sachbezug'];
const DOCUMENT_CATEGORIES = ['contract', 'benefit_overview', 'invoice', 'employee_list', 'policy', 'other'];

const NOTES = [
  '',
  '',
  '',
  '',
  '',
  '',
  'Rahmenvertrag verlängert.',
  'Ansprechpartner wechselt zum Quartalsende.',
  'Schichtbetrieb.',
];

// ---------------------------------------------------------------------------------------------
// Tree shapes
// ---------------------------------------------------------------------------------------------

/**
 * Shapes of an account tree: the parent node of each descendant (node 0 is the top level,
 * descendants are numbered from 1). Twenty slots, weighted so that a tree has three descendants
 * on average (0 to 5), at most four levels deep (the schema allows five).
 */
// prettier-ignore
const TREE_SHAPES: number[][] = [
  // 2 × none
  [], [],
  // 3 × one
  [0], [0], [0],
  // 3 × two
  [0, 0], [0, 1], [0, 0],
  // 3 × three
  [0, 0, 0], [0, 1, 1], [0, 1, 2],
  // 3 × four
  [0, 0, 1, 2], [0, 0, 0, 0], [0, 1, 1, 3],
  // 6 × five
  [0, 0, 1, 1, 2], [0, 1, 2, 0, 4], [0, 0, 0, 1, 2], [0, 1, 1, 2, 2], [0, 0, 0, 0, 0], [0, 1, 2, 1, 0],
];
const MAX_LEVELS = 4;

interface ShapeNode {
  shape: number;
  node: number;
  depth: number;
  /** Nodes from the top level down to this one. */
  chain: number[];
}

function shapeNodes(): ShapeNode[] {
  const rows: ShapeNode[] = [];
  TREE_SHAPES.forEach((parents, shape) => {
    const chains: number[][] = [[0]];
    rows.push({ shape, node: 0, depth: 1, chain: [0] });
    parents.forEach((parent, index) => {
      const node = index + 1;
      const parentChain = chains[parent];
      if (!parentChain || parent >= node) throw new Error(`scale seed: bad tree shape ${shape}`);
      const chain = [...parentChain, node];
      if (chain.length > MAX_LEVELS) throw new Error(`scale seed: tree shape ${shape} is too deep`);
      chains[node] = chain;
      rows.push({ shape, node, depth: chain.length, chain });
    });
  });
  return rows;
}

const NODES_PER_SHAPE_CYCLE = TREE_SHAPES.reduce((sum, parents) => sum + 1 + parents.length, 0);

// ---------------------------------------------------------------------------------------------
// SQL building blocks (constants only: nothing here comes from outside)
// ---------------------------------------------------------------------------------------------

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `ARRAY[${values.map(literal).join(',')}]::text[]`;

/** A deterministic pseudo-random integer in [0, mod) from a row number and a salt. */
function h(expr: string, salt: number, mod: number): string {
  return `(((hashint8((${expr})::bigint * 2654435761 + ${salt})) & 2147483647) % ${mod})`;
}

/** One word of a list, picked by hash. */
function pick(list: readonly string[], expr: string, salt: number): string {
  return `(${textArray(list)})[1 + ${h(expr, salt, list.length)}]`;
}

/** A value by weights (per mille), picked by hash. */
function weighted(weights: Array<[string, number]>, expr: string, salt: number): string {
  const x = h(expr, salt, 1000);
  let bound = 0;
  const cases = weights.map(([value, weight]) => {
    bound += weight;
    return `WHEN ${x} < ${bound} THEN ${literal(value)}`;
  });
  return `(CASE ${cases.join(' ')} ELSE ${literal(weights[0]![0])} END)`;
}

/** ASCII slug for e-mail addresses and domains: "Müller & Söhne" → "mueller-soehne". */
function slug(expr: string): string {
  return `trim(both '-' from regexp_replace(replace(replace(replace(replace(lower(${expr}),'ä','ae'),'ö','oe'),'ü','ue'),'ß','ss'), '[^a-z0-9]+', '-', 'g'))`;
}

const cityColumn = (index: 0 | 1 | 2) =>
  textArray(CITIES.map((city) => (index === 1 ? String(city[1]) : String(city[index]))));

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

async function scalar(tx: Tx | Db, query: SQL): Promise<number> {
  const rows = await rowsOf<Record<string, unknown>>(tx, query);
  const value = rows[0] ? Object.values(rows[0])[0] : 0;
  return Number(value ?? 0);
}

const run = (tx: Tx | Db, text: string) => tx.execute(sql.raw(text));

export async function seedScaleData(db: Db, options: ScaleSeedOptions = {}): Promise<ScaleSeedReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const factor = options.factor ?? 1;
  if (!(factor > 0) || factor > 10) throw new Error('scale seed: factor must be in (0, 10]');
  const targetAccounts = Math.max(NODES_PER_SHAPE_CYCLE, Math.round(BASE_ACCOUNTS * factor));
  const treeCount = Math.ceil((targetAccounts * TREE_SHAPES.length) / NODES_PER_SHAPE_CYCLE);
  const changeCount = Math.round(BASE_CHANGES * factor);
  const whitelistCount = Math.round(BASE_WHITELIST * factor);
  const documentCount = Math.round(BASE_DOCUMENTS * factor);
  const extraDistributors = options.extraDistributors ?? 50;
  const started = performance.now();

  const existing = await scalar(db, sql`select count(*) from accounts`);
  const refuseAbove = Math.min(50_000, Math.floor(targetAccounts / 2));
  if (existing > refuseAbove) {
    throw new ScaleSeedRefused(
      `scale seed: the database already holds ${existing.toLocaleString('en')} accounts (more than ` +
        `${refuseAbove.toLocaleString('en')}), so it has been scale-seeded before; refusing to add them twice. ` +
        'Use a fresh DATA_DIR (or database) for a new scale seed.',
    );
  }

  const step = async (label: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    log(`[scale]   ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  };

  let report: Omit<ScaleSeedReport, 'seconds' | 'totals'> | undefined;
  await db.transaction(async (tx) => {
    const q = (text: string) => run(tx, text);
    // Work tables live only in this transaction (a pooled connection keeps them for the whole of it).
    const shapeValues = shapeNodes()
      .map((row) => `(${row.shape}, ${row.node}, ${row.depth}, ARRAY[${row.chain.join(',')}]::int[])`)
      .join(',');

    await step('distributors', async () => {
      await q(`
        INSERT INTO users (email, first_name, last_name, phone, role, status, locale, password_hash, created_at, updated_at)
        SELECT ${slug('f')} || '.' || ${slug('l')} || '.' || lpad(g::text, 2, '0') || '@vertrieb.example.com',
               f, l,
               '+49 ' || (${cityColumn(2)})[1 + ${h('g', 3, CITIES.length)}] || ' 5550 ' || (4000 + g)::text,
               'distributor',
               CASE WHEN pw.hash IS NULL THEN 'invited' ELSE 'active' END,
               'de', pw.hash,
               now() - interval '800 days' + g * interval '1 day', now() - interval '800 days' + g * interval '1 day'
        FROM generate_series(1, ${extraDistributors}) g
        CROSS JOIN LATERAL (SELECT ${pick(FIRST_NAMES, 'g', 1)} AS f, ${pick(SURNAMES, 'g', 2)} AS l) names
        LEFT JOIN LATERAL (
          SELECT password_hash AS hash FROM users WHERE lower(email) = ${literal(DEMO_DISTRIBUTOR_EMAIL)}
        ) pw ON true
        ON CONFLICT DO NOTHING`);
      await q(`
        CREATE TEMP TABLE scale_dist ON COMMIT DROP AS
        SELECT (row_number() OVER (ORDER BY lower(email)) - 1)::int AS idx, id
        FROM users WHERE role = 'distributor' AND lower(email) <> ${literal(DEMO_DISTRIBUTOR_EMAIL)}`);
      await q(`
        CREATE TEMP TABLE scale_actor ON COMMIT DROP AS
        SELECT (row_number() OVER (ORDER BY lower(email)) - 1)::int AS idx, id, first_name || ' ' || last_name AS label
        FROM users WHERE role IN ('admin', 'backoffice', 'distributor') AND status = 'active'`);
    });
    const distributorCount = await scalar(tx, sql`select count(*) from scale_dist`);
    const actorCount = await scalar(tx, sql`select count(*) from scale_actor`);
    const demoDistributor = await scalar(
      tx,
      sql`select count(*) from users where lower(email) = ${DEMO_DISTRIBUTOR_EMAIL} and role = 'distributor'`,
    );
    if (actorCount === 0) throw new Error('scale seed: no active admin, back-office or distributor user to act');

    await step(`${treeCount.toLocaleString('en')} account trees planned`, async () => {
      await q(`CREATE TEMP TABLE scale_shape (shape int, node int, depth int, chain int[]) ON COMMIT DROP`);
      await q(`INSERT INTO scale_shape VALUES ${shapeValues}`);
      // One row per tree: its shape (every block of 20 trees uses all 20 shapes once), distributor,
      // base name, legal form, creation time and status roll.
      await q(`
        CREATE TEMP TABLE scale_root ON COMMIT DROP AS
        SELECT t AS root_n,
               ((t::bigint * 7) % ${TREE_SHAPES.length})::int AS shape,
               CASE WHEN ${h('t', 31, 1000)} < 30 AND ${demoDistributor} > 0
                      THEN (SELECT id FROM users WHERE lower(email) = ${literal(DEMO_DISTRIBUTOR_EMAIL)})
                    WHEN ${h('t', 31, 1000)} < 60 OR ${distributorCount} = 0 THEN NULL
                    ELSE (SELECT id FROM scale_dist WHERE idx = ${h('t', 32, Math.max(distributorCount, 1))})
               END AS distributor_id,
               CASE ${h('t', 21, 10)}
                 WHEN 0 THEN ${pick(SURNAMES, 't', 22)} || ' ' || ${pick(INDUSTRIES, 't', 23)}
                 WHEN 1 THEN ${pick(SURNAMES, 't', 22)} || ' ' || ${pick(INDUSTRIES, 't', 23)}
                 WHEN 2 THEN ${pick(SURNAMES, 't', 22)} || ' ' || ${pick(INDUSTRIES, 't', 23)}
                 WHEN 3 THEN ${pick(SURNAMES, 't', 22)} || ' ' || ${pick(INDUSTRIES, 't', 23)}
                 WHEN 4 THEN ${pick(SURNAMES, 't', 22)} || ' & ' || ${pick(SURNAMES, 't', 24)}
                 WHEN 5 THEN ${pick(SURNAMES, 't', 22)} || ' & ' || ${pick(SURNAMES, 't', 24)}
                 WHEN 6 THEN ${pick(PREFIXES, 't', 25)} || ${pick(PREFIX_SUFFIXES, 't', 26)} || ' ' || ${pick(INDUSTRIES, 't', 23)}
                 WHEN 7 THEN ${pick(PREFIXES, 't', 25)} || ${pick(PREFIX_SUFFIXES, 't', 26)}
                 WHEN 8 THEN ${pick(INDUSTRIES, 't', 23)} || ' ' || ${pick(SURNAMES, 't', 22)}
                 ELSE ${pick(PREFIXES, 't', 25)} || ' ' || ${pick(INDUSTRIES, 't', 23)} || ' ' || (${cityColumn(0)})[1 + ${h('t', 27, CITIES.length)}]
               END AS base,
               ${weighted(LEGAL_FORM_WEIGHTS, 't', 28)} AS legal_form,
               now() - make_interval(days => ${h('t', 29, 730)}, secs => ${h('t', 30, 86400)}) AS created_at
        FROM generate_series(1, ${treeCount}) t`);
      await q(`ALTER TABLE scale_root ADD PRIMARY KEY (root_n)`);
      // One row per account: tree, node of the shape, depth, a status roll; numbered parents first.
      await q(`
        CREATE TEMP TABLE scale_node ON COMMIT DROP AS
        SELECT (row_number() OVER (ORDER BY s.depth, r.root_n, s.node))::int AS rn,
               r.root_n, s.node, s.depth, s.chain, gen_random_uuid() AS id,
               CASE WHEN s.node = 0 THEN ${weighted(ROOT_STATUS_WEIGHTS, 'r.root_n * 8 + s.node', 33)}
                    ELSE ${weighted(CHILD_STATUS_WEIGHTS, 'r.root_n * 8 + s.node', 34)} END AS roll
        FROM scale_root r JOIN scale_shape s ON s.shape = r.shape`);
      // The first N accounts, whole trees: cut at the target size would leave orphans, so the
      // row numbers that are kept are those of the first complete trees (by root_n).
      await q(`
        DELETE FROM scale_node WHERE root_n > (
          SELECT min(root_n) - 1 FROM (
            SELECT root_n, sum(count(*)) OVER (ORDER BY root_n) AS running FROM scale_node GROUP BY root_n
          ) trees WHERE running > ${targetAccounts}
        )`);
      await q(`ALTER TABLE scale_node ADD PRIMARY KEY (root_n, node)`);
    });

    await step('accounts laid out (lineage, status, names, addresses)', async () => {
      // Lineage and status along the chain from the top level: an account is active only when
      // every ancestor is; otherwise it takes the first non-active status above it (or its own).
      await q(`
        CREATE TEMP TABLE scale_acc ON COMMIT DROP AS
        SELECT (row_number() OVER (ORDER BY n.depth, n.root_n, n.node))::int AS rn,
               n.id, n.root_n, n.node, n.depth, r.distributor_id, r.base, r.created_at AS root_created_at,
               chain.lineage,
               chain.lineage[n.depth - 1] AS parent_id,
               coalesce(chain.rolls[1], 'active') AS status,
               CASE WHEN n.node = 0 THEN r.legal_form
                    WHEN ${h('n.root_n * 8 + n.node', 41, 10)} < 5 THEN 'GmbH' ELSE 'Sonstige' END AS legal_form,
               ${h('n.root_n * 8 + n.node', 42, CITIES.length)} + 1 AS city_no,
               ${pick(FIRST_NAMES, 'n.root_n * 8 + n.node', 43)} AS first_name,
               ${pick(SURNAMES, 'n.root_n * 8 + n.node', 44)} AS last_name
        FROM scale_node n
        JOIN scale_root r ON r.root_n = n.root_n
        CROSS JOIN LATERAL (
          SELECT array_agg(a.id ORDER BY c.ord) AS lineage,
                 array_remove(array_agg(a.roll ORDER BY c.ord), 'active') AS rolls
          FROM unnest(n.chain) WITH ORDINALITY AS c(node, ord)
          JOIN scale_node a ON a.root_n = n.root_n AND a.node = c.node
        ) chain`);
      await q(`ALTER TABLE scale_acc ADD PRIMARY KEY (rn)`);
    });
    const accountCount = await scalar(tx, sql`select count(*) from scale_acc`);
    const cities = cityColumn(0);
    const zips = cityColumn(1);
    const areas = cityColumn(2);
    const k = 'a.rn';

    for (let from = 1; from <= accountCount; from += BATCH_ROWS.accounts) {
      const to = Math.min(accountCount, from + BATCH_ROWS.accounts - 1);
      await step(`accounts ${from.toLocaleString('en')}–${to.toLocaleString('en')}`, () =>
        q(`
          INSERT INTO accounts (id, name, legal_form, parent_id, lineage, status, distributor_id, street, zip, city,
                                country, contact_name, contact_email, contact_phone, vat_id, employee_count, notes,
                                benefits, version, created_at, updated_at)
          SELECT a.id,
                 CASE WHEN a.node = 0 THEN a.base || CASE WHEN a.legal_form = 'Sonstige' THEN '' ELSE ' ' || a.legal_form END
                      WHEN a.legal_form = 'GmbH' THEN a.base || ' ' || ${pick(BRANCH_SUFFIXES, k, 51)} || ' GmbH'
                      WHEN ${h(k, 52, 2)} = 0 THEN a.base || ' Niederlassung ' || (${cities})[a.city_no]
                      ELSE a.base || ' Standort ' || (${cities})[a.city_no]
                 END,
                 a.legal_form, a.parent_id, a.lineage, a.status, a.distributor_id,
                 ${pick(STREETS, k, 53)} || ' ' || (1 + ${h(k, 54, 180)})::text,
                 lpad(((${zips})[a.city_no]::int + ${h(k, 55, 40)})::text, 5, '0'),
                 (${cities})[a.city_no],
                 'DE',
                 a.first_name || ' ' || a.last_name,
                 ${slug('a.first_name')} || '.' || ${slug('a.last_name')} || '@' || ${slug('a.base')} || '.example',
                 '+49 ' || (${areas})[a.city_no] || ' ' || (1000 + ${h(k, 56, 9000)})::text || ' ' || (100 + ${h(k, 57, 900)})::text,
                 CASE WHEN a.legal_form = 'Sonstige' THEN NULL ELSE 'DE' || (100000000 + ${h(k, 58, 900000000)})::text END,
                 CASE WHEN a.node = 0 THEN 5 + ${h(k, 59, 1500)} ELSE 3 + ${h(k, 59, 300)} END,
                 ${pick(NOTES, k, 60)},
                 (${textArray(BENEFIT_TEMPLATES.map((template) => JSON.stringify(template)))})[1 + ${h(k, 61, BENEFIT_TEMPLATES.length)}]::jsonb,
                 1 + ${h(k, 62, 6)},
                 created.at,
                 created.at + (now() - created.at) * (${h(k, 63, 1000)} / 1000.0)
          FROM scale_acc a
          CROSS JOIN LATERAL (
            SELECT least(now(), a.root_created_at + make_interval(days => CASE WHEN a.node = 0 THEN 0 ELSE ${h(k, 64, 90)} END)) AS at
          ) created
          WHERE a.rn BETWEEN ${from} AND ${to}
          ORDER BY a.rn`),
      );
    }

    // History: one `create` per account, then updates, status changes and whitelist events of
    // random accounts at random times between the account's creation and now.
    await step('history lookup table', async () => {
      await q(`
        CREATE TEMP TABLE scale_hist ON COMMIT DROP AS
        SELECT a.rn, a.id, x.name, x.created_at, x.employee_count, a.first_name, a.last_name, a.base
        FROM scale_acc a JOIN accounts x ON x.id = a.id`);
      await q(`ALTER TABLE scale_hist ADD PRIMARY KEY (rn)`);
    });
    // Where each chain ends before the seed's entries: those after it are the seed's own.
    const headsBefore = Object.fromEntries(
      (await rowsOf<{ id: number; seq: string }>(tx, sql`select id, seq::text as seq from changes_chain_head`)).map(
        (head) => [head.id, Number(head.seq)],
      ),
    );
    const g = 'g';
    for (let from = 1; from <= changeCount; from += BATCH_ROWS.changes) {
      const to = Math.min(changeCount, from + BATCH_ROWS.changes - 1);
      await step(`changes ${from.toLocaleString('en')}–${to.toLocaleString('en')}`, () =>
        q(`
          INSERT INTO changes (at, actor_id, actor_label, entity_type, entity_id, entity_label, account_id, action, fields)
          SELECT ev.at, act.id, '⟦u:' || act.id::text || '⟧',
                 CASE WHEN ev.kind = 'whitelist' THEN 'whitelist_entry' ELSE 'account' END,
                 CASE WHEN ev.kind = 'whitelist' THEN gen_random_uuid() ELSE a.id END,
                 CASE WHEN ev.kind = 'whitelist' THEN ev.email ELSE a.name END,
                 a.id,
                 CASE ev.kind WHEN 'create' THEN 'create' WHEN 'status' THEN 'status_change'
                              WHEN 'whitelist' THEN CASE WHEN ${h(g, 71, 4)} = 0 THEN 'delete' ELSE 'create' END
                              ELSE 'update' END,
                 CASE ev.kind
                   WHEN 'create' THEN jsonb_build_array(
                     jsonb_build_object('field', 'name', 'before', NULL, 'after', a.name),
                     jsonb_build_object('field', 'status', 'before', NULL, 'after', 'draft'),
                     jsonb_build_object('field', 'employeeCount', 'before', NULL, 'after', a.employee_count))
                   WHEN 'status' THEN (ARRAY[
                     '[{"field":"status","before":"draft","after":"active"}]',
                     '[{"field":"status","before":"active","after":"suspended"}]',
                     '[{"field":"status","before":"suspended","after":"active"}]',
                     '[{"field":"status","before":"active","after":"archived"}]'])[1 + ${h(g, 72, 4)}]::jsonb
                   WHEN 'whitelist' THEN jsonb_build_array(
                     jsonb_build_object('field', 'kind', 'before', NULL, 'after', 'email'),
                     jsonb_build_object('field', 'value', 'before', NULL, 'after', ev.email))
                   ELSE CASE ${h(g, 73, 4)}
                     WHEN 0 THEN jsonb_build_array(jsonb_build_object('field', 'employeeCount',
                       'before', a.employee_count, 'after', a.employee_count + 1 + ${h(g, 74, 20)}))
                     WHEN 1 THEN jsonb_build_array(jsonb_build_object('field', 'contactPhone',
                       'before', '', 'after', '+49 30 5550 ' || (1000 + ${h(g, 75, 9000)})::text))
                     WHEN 2 THEN jsonb_build_array(jsonb_build_object('field', 'notes',
                       'before', '', 'after', ${pick(NOTES.filter(Boolean), g, 76)}))
                     ELSE jsonb_build_array(jsonb_build_object('field', 'contactName',
                       'before', a.first_name || ' ' || a.last_name,
                       'after', ${pick(FIRST_NAMES, g, 77)} || ' ' || a.last_name))
                   END
                 END
          FROM generate_series(${from}, ${to}) g
          CROSS JOIN LATERAL (
            SELECT CASE WHEN g <= ${accountCount} THEN g ELSE 1 + ${h(g, 78, accountCount)} END AS rn
          ) pick
          JOIN scale_hist a ON a.rn = pick.rn
          JOIN scale_actor act ON act.idx = ${h(g, 79, actorCount)}
          CROSS JOIN LATERAL (
            SELECT CASE WHEN g <= ${accountCount} THEN 'create'
                        WHEN ${h(g, 80, 100)} < 10 THEN 'whitelist'
                        WHEN ${h(g, 80, 100)} < 25 THEN 'status'
                        ELSE 'update' END AS kind,
                   CASE WHEN g <= ${accountCount} THEN a.created_at
                        ELSE a.created_at + (now() - a.created_at) * (${h(g, 81, 100000)} / 100000.0) END AS at,
                   ${slug('a.first_name')} || '.' || ${slug('a.last_name')} || g::text || '@example.net' AS email
          ) ev`),
      );
    }
    // The seed's entries get their MACs as the app's do when an earlier start has anchored the chain
    // under this key (a later anchoring seals them itself): else GET /changes/verify/ answers broken.
    let keys: ReturnType<typeof auditChainKeys> | null = null;
    try {
      keys = auditChainKeys();
    } catch {
      // Production without AUDIT_CHAIN_KEY: the entries stay unsealed (reported below if anchored).
    }
    const anchored = await anchoredUnder(tx, keys);
    if (anchored && keys) {
      await step('changes sealed (their MACs under AUDIT_CHAIN_KEY)', () =>
        sealEntriesWithoutMac(tx, keys, { heads: headsBefore, batch: 10_000 }),
      );
    } else if (anchored === false) {
      log(
        '[scale]   changes left unsealed: the chain was anchored under another AUDIT_CHAIN_KEY than this one (or none is set)',
      );
    }

    // Whitelist: every account gets two entries in turn; some accounts' first is their domain.
    for (let from = 1; from <= whitelistCount; from += BATCH_ROWS.whitelist) {
      const to = Math.min(whitelistCount, from + BATCH_ROWS.whitelist - 1);
      await step(`whitelist entries ${from.toLocaleString('en')}–${to.toLocaleString('en')}`, () =>
        q(`
          INSERT INTO whitelist_entries (account_id, kind, value, note, valid_until, created_by_id, created_at, updated_at)
          SELECT a.id, w.kind,
                 CASE WHEN w.kind = 'domain' THEN ${slug('a.base')} || '.example'
                      ELSE ${slug(pick(FIRST_NAMES, g, 91))} || '.' || ${slug(pick(SURNAMES, g, 92))} || '.' || g::text || '@example.net' END,
                 CASE WHEN w.kind = 'domain' THEN 'Alle Mitarbeitenden mit Firmenadresse' ELSE ${pick(WHITELIST_NOTES, g, 93)} END,
                 CASE WHEN ${h(g, 94, 100)} < 15 THEN current_date + (${h(g, 95, 400)} - 100) END,
                 act.id, w.at, w.at
          FROM generate_series(${from}, ${to}) g
          JOIN scale_hist a ON a.rn = 1 + ((g - 1) % ${accountCount})
          JOIN scale_actor act ON act.idx = ${h(g, 96, actorCount)}
          CROSS JOIN LATERAL (
            SELECT CASE WHEN g <= ${accountCount} AND ${h(g, 97, 3)} = 0 THEN 'domain' ELSE 'email' END AS kind,
                   a.created_at + (now() - a.created_at) * (${h(g, 98, 1000)} / 1000.0) AS at
          ) w
          ON CONFLICT DO NOTHING`),
      );
    }

    // Documents: one version each of 1–4 KiB (one chunk), on accounts in turn, every tenth a
    // general one; the bytes are a PDF header and padding, made in the database.
    for (let from = 1; from <= documentCount; from += BATCH_ROWS.documents) {
      const to = Math.min(documentCount, from + BATCH_ROWS.documents - 1);
      await step(`documents ${from.toLocaleString('en')}–${to.toLocaleString('en')}`, async () => {
        await q(`
          CREATE TEMP TABLE scale_doc ON COMMIT DROP AS
          SELECT g, gen_random_uuid() AS id, gen_random_uuid() AS version_id,
                 CASE WHEN ${h(g, 101, 10)} = 0 THEN NULL ELSE a.id END AS account_id,
                 ${pick(DOCUMENT_TITLES, g, 102)} || ' ' || a.name || ' ' || g::text AS title,
                 ${pick(DOCUMENT_CATEGORIES, g, 103)} AS category,
                 ${slug(pick(DOCUMENT_TITLES, g, 102))} || '-' || g::text || '.pdf' AS file_name,
                 convert_to('%PDF-1.4' || chr(10) || '%' || repeat('x', ${SMALL_DOCUMENT_BYTES.min} + ${h(g, 104, SMALL_DOCUMENT_BYTES.spread)} - 20) || chr(10) || '%%EOF' || chr(10), 'UTF8') AS data,
                 act.id AS actor_id,
                 a.created_at + (now() - a.created_at) * (${h(g, 105, 1000)} / 1000.0) AS at
          FROM generate_series(${from}, ${to}) g
          JOIN scale_hist a ON a.rn = 1 + ((g::bigint * 7) % ${accountCount})
          JOIN scale_actor act ON act.idx = ${h(g, 106, actorCount)}`);
        await q(`
          INSERT INTO documents (id, title, category, account_id, description, current_version, created_by_id, created_at, updated_at)
          SELECT id, title, category, account_id, '', 1, actor_id, at, at FROM scale_doc`);
        await q(`
          INSERT INTO document_versions (id, document_id, number, file_name, mime_type, size_bytes, sha256, uploaded_by_id, uploaded_at)
          SELECT version_id, id, 1, file_name, 'application/pdf', octet_length(data), encode(sha256(data), 'hex'), actor_id, at
          FROM scale_doc`);
        await q(`INSERT INTO document_chunks (version_id, seq, data) SELECT version_id, 0, data FROM scale_doc`);
        await q(`DROP TABLE scale_doc`);
      });
    }
    await step('the large document (8 MiB)', async () => {
      const chunks = SCALE_LARGE_DOCUMENT_BYTES / (256 * 1024);
      await q(`
        CREATE TEMP TABLE scale_large ON COMMIT DROP AS
        SELECT gen_random_uuid() AS id, gen_random_uuid() AS version_id,
               (SELECT id FROM scale_actor WHERE idx = 0) AS actor_id`);
      await q(`
        INSERT INTO documents (id, title, category, account_id, description, current_version, created_by_id, created_at, updated_at)
        SELECT id, ${literal(SCALE_LARGE_DOCUMENT_TITLE)}, 'benefit_overview', NULL, '', 1, actor_id, now(), now() FROM scale_large`);
      await q(`
        INSERT INTO document_versions (id, document_id, number, file_name, mime_type, size_bytes, sha256, uploaded_by_id, uploaded_at)
        SELECT l.version_id, l.id, 1, 'benchmark-gross.pdf', 'application/pdf', ${SCALE_LARGE_DOCUMENT_BYTES},
               '',
               l.actor_id, now()
        FROM scale_large l`);
      await q(`
        INSERT INTO document_chunks (version_id, seq, data)
        SELECT l.version_id, s, convert_to(rpad(CASE WHEN s = 0 THEN '%PDF-1.4' ELSE '' END || ' Seite ' || s::text || ' ', ${256 * 1024}, '.'), 'UTF8')
        FROM scale_large l CROSS JOIN generate_series(0, ${chunks - 1}) s`);
      // The checksum of the whole file, once its chunks are there.
      await q(`
        UPDATE document_versions v
        SET sha256 = (SELECT encode(sha256(string_agg(c.data, ''::bytea ORDER BY c.seq)), 'hex') FROM document_chunks c WHERE c.version_id = v.id)
        WHERE v.id = (SELECT version_id FROM scale_large)`);
    });

    report = {
      accounts: accountCount,
      topLevelAccounts: await scalar(tx, sql`select count(*) from scale_acc where node = 0`),
      changes: changeCount,
      whitelistEntries: await scalar(
        tx,
        sql`select count(*) from whitelist_entries w join scale_hist a on a.id = w.account_id`,
      ),
      documents: documentCount + 1,
      distributorsCreated: await scalar(tx, sql`select count(*) from users where email like '%@vertrieb.example.com'`),
      demoDistributorAccounts: await scalar(
        tx,
        sql`select count(*) from accounts a join users u on u.id = a.distributor_id where lower(u.email) = ${DEMO_DISTRIBUTOR_EMAIL}`,
      ),
    };
  });
  const generated = performance.now();

  // Fresh statistics (and, for the embedded database, which has no autovacuum, a visibility
  // map so that index-only scans and counts need not visit every heap page).
  log('[scale]   vacuum and analyze …');
  for (const table of [
    'accounts',
    'users',
    'changes',
    'whitelist_entries',
    'documents',
    'document_versions',
    'document_chunks',
  ]) {
    await step(`VACUUM ANALYZE ${table}`, () => run(db, `VACUUM (ANALYZE) ${table}`));
  }
  const finished = performance.now();

  const totals = {
    accounts: await scalar(db, sql`select count(*) from accounts`),
    changes: await scalar(db, sql`select count(*) from changes`),
    whitelistEntries: await scalar(db, sql`select count(*) from whitelist_entries`),
    documents: await scalar(db, sql`select count(*) from documents`),
    users: await scalar(db, sql`select count(*) from users`),
  };
  return {
    ...report!,
    seconds: {
      generate: Math.round((generated - started) / 100) / 10,
      analyze: Math.round((finished - generated) / 100) / 10,
      total: Math.round((finished - started) / 100) / 10,
    },
    totals,
  };
}
