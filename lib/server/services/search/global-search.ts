import 'server-only';
import { type SQL, type SQLWrapper, and, asc, eq, fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SearchHit, SearchResult } from '@/lib/schemas/search';
import { hrefs } from '@/lib/hrefs';
import type { WhitelistKind } from '@/lib/schemas/whitelist-normalise';
import { displayWhitelistValue } from '@/lib/schemas/whitelist-value';
import { SEARCH_LIMIT, searchTerms } from '@/lib/search/fold';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { accounts, documentVersions, documents, tasks, users, whitelistEntries } from '@/lib/server/db/schema';
import { rowsOf } from '@/lib/server/db/rows';
import type { DbOrTx } from '@/lib/server/db/types';
import { accountReach } from '@/lib/server/services/accounts/reach';
import { documentReach } from '@/lib/server/services/documents/document-reach';
import { taskReach } from '@/lib/server/services/tasks/task-reach';
import { userReach } from '@/lib/server/services/users/user-reach';
import { type WordShape, phrasePrefix, searchMatch, searchValues, wordShapes } from './search-match';

/**
 * Whose reach a part is built for. The statement is built once per shape (`statementFor`), so the
 * actor's ids are placeholders in it (`reachActor`); only the role and whether there is an account
 * shape the SQL.
 */
type ReachActor = Pick<Actor, 'id' | 'role' | 'accountId'>;

/**
 * Matches of the big tables (accounts, whitelist) are ranked among the first this many found, so a
 * word that matches 10,000 accounts does not sort them all; a name (value) starting with the search
 * is found by its own B-tree index besides (rank 0 wherever it is), so the best hits are never lost.
 */
export const SEARCH_CANDIDATES = 100;

type Ranked = { id: string; rank: number };

/**
 * One kind's part of the search: its queries, built but not run, and how its rows become hits, and
 * how the parts are given as statements (`statementFor`).
 *
 * PGlite holds the event loop while a statement runs. As one statement, the five kinds took up to
 * ~190 ms for a manager with 52,000 whitelist entries in reach, and a request waiting for its turn
 * (a health check takes several turns of the loop) could wait behind two of them — 380 ms beside 16
 * parallel searchers (issue 45); so each kind became a statement of its own. But each statement
 * costs ~1.4 ms of protocol, parsing and turns on top of its planning and execution, several times
 * a small kind's own work (issue 50: an administrator's "Mueller Bremen" in process at the scale
 * seed, 14.1 ms as five statements, 8.0 as one). So:
 * - **Every account in reach** (administrator, back office): each part is bounded by its candidates
 *   or its limit, and the statements' overhead is most of a search. The whitelist's part runs alone
 *   (its size grows with the data: an import adds 50,000 entries at a time), the other four together.
 * - **A restricted reach** (manager, distributor): a search is mostly the work of reading the reach
 *   (a manager's whitelist part 25–50 ms), which one statement fewer does not shorten, and the four
 *   together held the loop longer beside 16 searchers (health max 219–224 ms against 71–79 ms, two
 *   rounds each, docs/performance.md "Global search"): one statement per kind, as before.
 */
interface Part {
  /** The column of the answer (and, for a prefix, the name of its CTE). */
  key: 'accounts' | 'users' | 'documents' | 'tasks' | 'whitelist';
  /** The rows of the B-tree prefix (rank 0), a CTE the ranked query's guard reads too. */
  prefix?: SQLWrapper;
  /** The candidates by rank (or the only query of a small table). */
  ranked: SQLWrapper;
  toHits(prefix: Record<string, unknown>[], ranked: Record<string, unknown>[]): SearchHit[];
}

/**
 * The prefix hits (rank 0) first, then the other candidates by rank; each record once. When the
 * prefix alone fills the SEARCH_LIMIT, no candidate could come before them (none ranks below 0,
 * and the prefix hits lead among equals), so the statement does not run the trigram query at all
 * (`compile`'s one-time guard): a name typed from its start costs one range scan of the B-tree
 * instead of a GIN scan and up to SEARCH_CANDIDATES heap rows.
 */
function merge<T extends Ranked>(prefix: T[], ranked: T[]): T[] {
  const seen = new Set(prefix.map((row) => row.id));
  return [...prefix, ...ranked.filter((row) => !seen.has(row.id))]
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.rank - b.row.rank || a.index - b.index)
    .slice(0, SEARCH_LIMIT)
    .map(({ row }) => row);
}

function accountsPart(db: DbOrTx, actor: ReachActor, shapes: readonly WordShape[]): Part {
  // The stored folded columns (migration 0012): the name ranks as a field, the searched text (all
  // fields, separated by spaces) finds a word start in any of them.
  const { match, rank } = searchMatch(
    sql`${accounts.searchText}`,
    [sql`${accounts.searchName}`, sql`${accounts.searchText}`],
    shapes,
    { wordStartIndex: true },
  );
  const reach = accountReach(actor);
  const columns = {
    id: accounts.id,
    name: accounts.name,
    customerNumber: sql<string>`${accounts.customerNumber}`.as('customer_number'),
    city: accounts.city,
  };
  const candidates = db
    .select({ ...columns, rank: sql<number>`${rank}`.as('rank') })
    .from(accounts)
    .where(and(reach, match))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  type Row = Ranked & { name: string; customer_number: string; city: string };
  return {
    key: 'accounts',
    prefix: db
      .select({ ...columns, rank: sql<number>`0`.as('rank') })
      .from(accounts)
      .where(and(reach, sql`${accounts.searchName} like ${phrasePrefix()}`))
      .orderBy(accounts.searchName, accounts.id)
      .limit(SEARCH_LIMIT),
    ranked: db
      .select()
      .from(candidates)
      .orderBy(asc(candidates.rank), asc(candidates.name), asc(candidates.id))
      .limit(SEARCH_LIMIT),
    toHits: (prefix, ranked) =>
      merge(prefix as Row[], ranked as Row[]).map((row) => ({
        id: row.id,
        label: row.name,
        detail: [row.customer_number, row.city].filter(Boolean).join(' · '),
        href: hrefs.account(row.id),
      })),
  };
}

function whitelistPart(db: DbOrTx, actor: ReachActor, shapes: readonly WordShape[]): Part {
  const value = sql`${whitelistEntries.searchValue}`;
  const { match, rank } = searchMatch(value, [value], shapes, { wordStartIndex: true });
  const reach = accountReach(actor);
  type Row = Ranked & { kind: WhitelistKind; value: string; account_name: string };
  const toHits: Part['toHits'] = (prefix, ranked) =>
    merge(prefix as Row[], ranked as Row[]).map((row) => ({
      id: row.id,
      label: displayWhitelistValue(row.kind, row.value),
      detail: row.account_name,
      href: hrefs.whitelistEntry(row.id),
    }));
  const base = { id: whitelistEntries.id, kind: whitelistEntries.kind, value: whitelistEntries.value };
  const prefixOf = <T extends Parameters<typeof db.select>[0] & object>(columns: T, join: boolean) => {
    const from = db
      .select({ ...columns, rank: sql<number>`0`.as('rank') })
      .from(whitelistEntries)
      .$dynamic();
    return (join ? from.innerJoin(accounts, eq(accounts.id, whitelistEntries.accountId)) : from)
      .where(and(reach, sql`${whitelistEntries.searchValue} like ${phrasePrefix()}`))
      .orderBy(whitelistEntries.searchValue, whitelistEntries.id)
      .limit(SEARCH_LIMIT);
  };
  const candidatesOf = <T extends Parameters<typeof db.select>[0] & object>(columns: T, join: boolean) => {
    const from = db
      .select({ ...columns, rank: sql<number>`${rank}`.as('rank') })
      .from(whitelistEntries)
      .$dynamic();
    return (join ? from.innerJoin(accounts, eq(accounts.id, whitelistEntries.accountId)) : from)
      .where(and(reach, match))
      .limit(SEARCH_CANDIDATES)
      .as('candidates');
  };

  if (reach) {
    // A restricted reach filters on the account's columns: the join is needed anyway, and it brings
    // the name. (For a distributor, PostgreSQL reads their accounts from accounts_distributor_idx
    // alone since migration 0022: on PGlite "Mueller" 63 → 8–10 ms, at 2,180 matching entries.)
    const columns = { ...base, accountName: sql<string>`${accounts.name}`.as('account_name') };
    const candidates = candidatesOf(columns, true);
    return {
      key: 'whitelist',
      prefix: prefixOf(columns, true),
      ranked: db
        .select()
        .from(candidates)
        .orderBy(asc(candidates.rank), asc(candidates.value), asc(candidates.id))
        .limit(SEARCH_LIMIT),
      toHits,
    };
  }
  // Every account in reach: no join, and the account's name is looked up for the five rows of the
  // answer only. A join with accounts for the 100 candidates made PostgreSQL plan a Memoize node,
  // whose hash table it builds for the estimated row count (16,000 for "ma") at the start of every
  // execution, even of a part the one-time filter skips: an administrator's "ma" on PostgreSQL took
  // 10.7–14.1 ms with the join and takes 3.0–3.5 ms without (in process).
  const columns = { ...base, accountId: sql<string>`${whitelistEntries.accountId}`.as('account_id') };
  const accountName = (accountId: SQLWrapper) =>
    sql<string>`(select ${accounts.name} from ${accounts} where ${accounts.id} = ${accountId})`.as('account_name');
  const prefix = prefixOf(columns, false).as('prefix');
  const candidates = candidatesOf(columns, false);
  const named = (from: typeof prefix | typeof candidates) => ({
    id: from.id,
    kind: from.kind,
    value: from.value,
    accountName: accountName(from.accountId),
    rank: from.rank,
  });
  return {
    key: 'whitelist',
    prefix: db.select(named(prefix)).from(prefix),
    ranked: db
      .select(named(candidates))
      .from(candidates)
      .orderBy(asc(candidates.rank), asc(candidates.value), asc(candidates.id))
      .limit(SEARCH_LIMIT),
    toHits,
  };
}

function usersPart(db: DbOrTx, actor: ReachActor, shapes: readonly WordShape[]): Part {
  const text = sql`${users.searchText}`;
  const { match, rank } = searchMatch(text, [text], shapes, { wordStartIndex: false });
  type Row = { id: string; first_name: string; last_name: string; email: string };
  return {
    key: 'users',
    ranked: db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(userReach(actor), match))
      .orderBy(rank, asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(SEARCH_LIMIT),
    toHits: (_, rows) =>
      (rows as Row[]).map((row) => ({
        id: row.id,
        label: `${row.first_name} ${row.last_name}`.trim() || row.email,
        detail: row.email,
        href: hrefs.user(row.id),
      })),
  };
}

function documentsPart(db: DbOrTx, actor: ReachActor, shapes: readonly WordShape[]): Part {
  // Title and the current version's file name, folded on the document (migrations 0012, 0036): the
  // text is exactly the expression of its trigram index, so a search reads only the documents that
  // hold its words, and the version is joined for those alone.
  const fileName = sql`coalesce(${documents.searchFileName}, '')`;
  const { match, rank } = searchMatch(
    sql`(${documents.searchTitle} || ' ' || ${fileName})`,
    [sql`${documents.searchTitle}`, fileName],
    shapes,
    { wordStartIndex: false },
  );
  type Row = { id: string; title: string; file_name: string };
  // The current version's file name (the hit's detail) is looked up for the hits alone, not joined
  // to every match before the sort (a short word matches hundreds of documents).
  const found = db
    .select({
      id: documents.id,
      title: documents.title,
      currentVersion: documents.currentVersion,
      rank: sql<number>`${rank}`.as('rank'),
    })
    .from(documents)
    .where(and(documentReach(actor), match))
    // By the output column: the rank's expression again (its values are new parameters) would be
    // computed a second time for every match.
    .orderBy(asc(sql.identifier('rank')), asc(sql`${documents.title} collate "und-x-icu"`), asc(documents.id))
    .limit(SEARCH_LIMIT)
    .as('found');
  return {
    key: 'documents',
    ranked: db
      .select({
        id: found.id,
        title: found.title,
        // Qualified by hand: drizzle writes a column of the one table of a select unqualified, and
        // inside the subquery an unqualified "id" would be the version's own.
        fileName: sql<string>`(select v.file_name from ${documentVersions} v
          where v.document_id = ${sql.identifier('found')}.id and v.number = ${sql.identifier('found')}.current_version)`.as(
          'file_name',
        ),
      })
      .from(found)
      .orderBy(asc(found.rank), asc(sql`${found.title} collate "und-x-icu"`), asc(found.id)),
    toHits: (_, rows) =>
      (rows as Row[]).map((row) => ({
        id: row.id,
        label: row.title,
        detail: row.file_name,
        href: hrefs.document(row.id),
      })),
  };
}

function tasksPart(db: DbOrTx, actor: ReachActor, shapes: readonly WordShape[]): Part {
  const title = sql`${tasks.searchTitle}`;
  const { match, rank } = searchMatch(title, [title], shapes, { wordStartIndex: false });
  type Row = { id: string; title: string; account_name: string | null };
  return {
    key: 'tasks',
    ranked: db
      .select({
        id: tasks.id,
        title: tasks.title,
        accountName: sql<string | null>`${accounts.name}`.as('account_name'),
      })
      .from(tasks)
      .leftJoin(accounts, eq(accounts.id, tasks.accountId))
      .where(and(taskReach(actor), match))
      .orderBy(rank, asc(sql`${tasks.title} collate "und-x-icu"`), asc(tasks.id))
      .limit(SEARCH_LIMIT),
    toHits: (_, rows) =>
      (rows as Row[]).map((row) => ({
        id: row.id,
        label: row.title,
        detail: row.account_name,
        href: hrefs.task(row.id),
      })),
  };
}

/** A column of the answer: the rows of `from` as a JSON array, in the order `from` sorts them. */
const asJson = (from: SQL, name: string) =>
  // An aggregate over a sorted subquery with nothing else at its level (no join, no grouping) takes
  // the rows in that order (PostgreSQL's manual, "Aggregate Expressions").
  sql`(select coalesce(json_agg(r), '[]'::json) from ${from} r) as ${sql.identifier(name)}`;

/** The statement of one shape, compiled once: its text between the values, and where each value goes. */
interface Statement {
  parts: Pick<Part, 'key' | 'prefix' | 'toHits'>[];
  /** The SQL text around the parameters: `text[0] $1 text[1] $2 …`. */
  text: string[];
  /** Each parameter: a constant, or the placeholder its value is filled from. */
  params: unknown[];
}

/**
 * The parts given in one statement: the prefixes as CTEs, each ranked
 * query as a JSON column; a ranked query with a prefix runs only when that prefix found fewer than
 * SEARCH_LIMIT rows (an uncorrelated condition, which PostgreSQL checks once before the subquery: a
 * one-time filter).
 */
function compile(parts: Part[]): Statement {
  const withPrefix = parts.filter((part) => part.prefix);
  const ctes = withPrefix.map((part) => sql`${sql.identifier(`${part.key}_prefix`)} as ${part.prefix}`);
  const columns = parts.flatMap((part) => {
    const prefix = sql.identifier(`${part.key}_prefix`);
    const ranked = part.prefix
      ? sql`(select * from ${part.ranked} q where (select count(*) from ${prefix}) < ${SEARCH_LIMIT})`
      : sql`${part.ranked}`;
    return [...(part.prefix ? [asJson(sql`${prefix}`, `${part.key}_prefix`)] : []), asJson(ranked, part.key)];
  });
  const query = new PgDialect().sqlToQuery(
    sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}select ${columns.length ? sql.join(columns, sql`, `) : sql`1`}`,
  );
  // drizzle numbers the parameters $1, $2 … in the order they appear.
  const text = query.sql.split(/\$\d+\b/);
  if (text.length !== query.params.length + 1) throw new Error('globalSearch: unexpected parameter markers');
  return { parts, text, params: query.params };
}

/**
 * Built statements by shape: the role, whether the actor has an account, the kinds they may read
 * and the words' lengths (4 × 2 × 32 × 62 shapes at most; a few dozen occur). Building and
 * compiling the five kinds' SQL cost ~1 ms a search, as much as PostgreSQL's planning of it.
 */
const statements = new Map<string, Statement[]>();
const STATEMENTS_KEPT = 500;

/** An actor whose ids are placeholders: the reach conditions of any actor with this role. */
const reachActor = (actor: Actor): ReachActor => ({
  role: actor.role,
  id: sql.placeholder('actor_id') as unknown as string,
  accountId: actor.accountId === null ? null : (sql.placeholder('actor_account_id') as unknown as string),
});

function statementFor(db: DbOrTx, actor: Actor, shapes: WordShape[]): Statement[] {
  const may = (scope: Parameters<Actor['scopes']['has']>[0]) => actor.scopes.has(scope);
  const kinds = [
    may('accounts.read') && accountsPart,
    may('users.read') && usersPart,
    may('documents.read') && documentsPart,
    may('tasks.read') && tasksPart,
    may('whitelist.read') && whitelistPart,
  ];
  const key = [actor.role, actor.accountId === null, ...kinds.map(Boolean), ...shapes].join('|');
  let compiled = statements.get(key);
  if (!compiled) {
    const reach = reachActor(actor);
    const parts = kinds.filter((kind) => kind !== false).map((kind) => kind(db, reach, shapes));
    const groups =
      accountReach(reach) === undefined
        ? [parts.filter((part) => part.key !== 'whitelist'), parts.filter((part) => part.key === 'whitelist')]
        : parts.map((part) => [part]);
    compiled = groups.filter((group) => group.length > 0).map(compile);
    if (statements.size >= STATEMENTS_KEPT) statements.clear();
    statements.set(key, compiled);
  }
  return compiled;
}

async function run(db: DbOrTx, statement: Statement, values: Record<string, unknown>) {
  if (statement.parts.length === 0) return {};
  const params = fillPlaceholders(statement.params, values);
  const chunks = statement.text.flatMap((text, index) =>
    index < params.length ? [sql.raw(text), sql.param(params[index])] : [sql.raw(text)],
  );
  const [row] = await rowsOf<Record<string, unknown>>(db, sql.join(chunks));
  const rowsIn = (name: string): Record<string, unknown>[] => {
    const value = row?.[name];
    return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Record<string, unknown>[];
  };
  return Object.fromEntries(
    statement.parts.map((part) => [
      part.key,
      part.toHits(part.prefix ? rowsIn(`${part.key}_prefix`) : [], rowsIn(part.key)),
    ]),
  ) as Partial<Record<Part['key'], SearchHit[]>>;
}

/**
 * `GET /search?q=`: at most SEARCH_LIMIT records of each kind the caller may read (its `.read`
 * scope), within the same reach as its list (accountReach, userReach, documentReach, taskReach),
 * best match first; a statement per kind, or two for every account in reach (`Part`), built once
 * per shape (`statementFor`).
 */
export async function globalSearch(actor: Actor, q: string): Promise<SearchResult> {
  const db = await getDb();
  const terms = searchTerms(q);
  const values = { ...searchValues(terms), actor_id: actor.id, actor_account_id: actor.accountId };
  const hits: Partial<Record<Part['key'], SearchHit[]>> = {};
  // One after the other, not side by side: on PostgreSQL one search takes one pooled connection.
  for (const statement of statementFor(db, actor, wordShapes(terms.words))) {
    Object.assign(hits, await run(db, statement, values));
  }
  return {
    q,
    accounts: hits.accounts ?? [],
    users: hits.users ?? [],
    documents: hits.documents ?? [],
    tasks: hits.tasks ?? [],
    whitelist: hits.whitelist ?? [],
  };
}
