import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SearchHit, SearchResult } from '@/lib/schemas/search';
import { hrefs } from '@/lib/hrefs';
import { displayWhitelistValue } from '@/lib/schemas/whitelist-value';
import { SEARCH_LIMIT, searchTerms } from '@/lib/search/fold';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { escapeLike } from '@/lib/server/db/escape-like';
import { accounts, documentVersions, documents, tasks, users, whitelistEntries } from '@/lib/server/db/schema';
import type { DbOrTx } from '@/lib/server/db/types';
import { accountReach } from '@/lib/server/services/accounts/reach';
import { documentReach } from '@/lib/server/services/documents/document-reach';
import { taskReach } from '@/lib/server/services/tasks/task-reach';
import { userReach } from '@/lib/server/services/users/user-reach';
import { fold, searchMatch } from './search-match';

type Terms = ReturnType<typeof searchTerms>;

/**
 * Matches of the big tables (accounts, whitelist) are ranked among the first this many found, so a
 * word that matches 10,000 accounts does not sort them all; a name (value) starting with the search
 * is found by its own B-tree index besides (rank 0 wherever it is), so the best hits are never lost.
 */
export const SEARCH_CANDIDATES = 100;

const prefixPattern = (terms: Terms) => `${escapeLike(terms.phrase)}%`;

type Ranked = { id: string; rank: number };

/**
 * The B-tree's prefix hits (rank 0) first, then the other candidates by rank; each record once.
 * When the prefix alone fills the SEARCH_LIMIT, no candidate could come before them (none ranks
 * below 0, and the prefix hits lead among equals), so the trigram query is not run at all: a name
 * typed from its start costs one B-tree range scan instead of a GIN scan and up to
 * SEARCH_CANDIDATES heap rows.
 */
async function prefixThenRanked<T extends Ranked>(prefix: () => Promise<T[]>, ranked: () => Promise<T[]>): Promise<T[]> {
  const first = await prefix();
  return merge(first, first.length >= SEARCH_LIMIT ? [] : await ranked());
}

/** The prefix hits first (rank 0), then the other candidates by rank; each record once. */
function merge<T extends Ranked>(prefix: T[], ranked: T[]): T[] {
  const seen = new Set(prefix.map((row) => row.id));
  return [...prefix, ...ranked.filter((row) => !seen.has(row.id))]
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.rank - b.row.rank || a.index - b.index)
    .slice(0, SEARCH_LIMIT)
    .map(({ row }) => row);
}

async function searchAccounts(db: DbOrTx, actor: Actor, terms: Terms): Promise<SearchHit[]> {
  // The stored folded columns (migration 0012): the name ranks as a field, the searched text (all
  // fields, separated by spaces) finds a word start in any of them.
  const { match, rank } = searchMatch(
    sql`${accounts.searchText}`,
    [sql`${accounts.searchName}`, sql`${accounts.searchText}`],
    terms,
  );
  const reach = accountReach(actor);
  const columns = {
    id: accounts.id,
    name: accounts.name,
    customerNumber: accounts.customerNumber,
    city: accounts.city,
  };
  const candidates = db
    .select({ ...columns, rank: sql<number>`${rank}`.as('rank') })
    .from(accounts)
    .where(and(reach, match))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  const hits = await prefixThenRanked(
    () =>
      db
        .select({ ...columns, rank: sql<number>`0` })
        .from(accounts)
        .where(and(reach, sql`${accounts.searchName} like ${prefixPattern(terms)}`))
        .orderBy(accounts.searchName, accounts.id)
        .limit(SEARCH_LIMIT),
    () =>
      db
        .select()
        .from(candidates)
        .orderBy(asc(candidates.rank), asc(candidates.name), asc(candidates.id))
        .limit(SEARCH_LIMIT),
  );
  return hits.map((row) => ({
    id: row.id,
    label: row.name,
    detail: [row.customerNumber, row.city].filter(Boolean).join(' · '),
    href: hrefs.account(row.id),
  }));
}

async function searchWhitelist(db: DbOrTx, actor: Actor, terms: Terms): Promise<SearchHit[]> {
  const value = sql`${whitelistEntries.searchValue}`;
  const { match, rank } = searchMatch(value, [value], terms);
  const reach = accountReach(actor);
  const columns = {
    id: whitelistEntries.id,
    kind: whitelistEntries.kind,
    value: whitelistEntries.value,
    accountName: accounts.name,
  };
  const candidates = db
    .select({ ...columns, rank: sql<number>`${rank}`.as('rank') })
    .from(whitelistEntries)
    .innerJoin(accounts, eq(accounts.id, whitelistEntries.accountId))
    .where(and(reach, match))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  const hits = await prefixThenRanked(
    () =>
      db
        .select({ ...columns, rank: sql<number>`0` })
        .from(whitelistEntries)
        .innerJoin(accounts, eq(accounts.id, whitelistEntries.accountId))
        .where(and(reach, sql`${whitelistEntries.searchValue} like ${prefixPattern(terms)}`))
        .orderBy(whitelistEntries.searchValue, whitelistEntries.id)
        .limit(SEARCH_LIMIT),
    () =>
      db
        .select()
        .from(candidates)
        .orderBy(asc(candidates.rank), asc(candidates.value), asc(candidates.id))
        .limit(SEARCH_LIMIT),
  );
  return hits.map((row) => ({
    id: row.id,
    label: displayWhitelistValue(row.kind, row.value),
    detail: row.accountName,
    href: hrefs.whitelistEntry(row.id),
  }));
}

async function searchUsers(db: DbOrTx, actor: Actor, terms: Terms): Promise<SearchHit[]> {
  const text = sql`${users.searchText}`;
  const { match, rank } = searchMatch(text, [text], terms);
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(userReach(actor), match))
    .orderBy(rank, asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    label: `${row.firstName} ${row.lastName}`.trim() || row.email,
    detail: row.email,
    href: hrefs.user(row.id),
  }));
}

async function searchDocuments(db: DbOrTx, actor: Actor, terms: Terms): Promise<SearchHit[]> {
  // The title is stored folded; file names (of few documents, not indexed) are folded as read.
  const fileName = fold(documentVersions.fileName);
  const { match, rank } = searchMatch(
    sql`(${documents.searchTitle} || ' ' || ${fileName})`,
    [sql`${documents.searchTitle}`, fileName],
    terms,
  );
  const rows = await db
    .select({ id: documents.id, title: documents.title, fileName: documentVersions.fileName })
    .from(documents)
    .innerJoin(
      documentVersions,
      and(eq(documentVersions.documentId, documents.id), eq(documentVersions.number, documents.currentVersion)),
    )
    .where(and(documentReach(actor), match))
    .orderBy(rank, asc(sql`${documents.title} collate "und-x-icu"`), asc(documents.id))
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({ id: row.id, label: row.title, detail: row.fileName, href: hrefs.document(row.id) }));
}

async function searchTasks(db: DbOrTx, actor: Actor, terms: Terms): Promise<SearchHit[]> {
  const title = sql`${tasks.searchTitle}`;
  const { match, rank } = searchMatch(title, [title], terms);
  const rows = await db
    .select({ id: tasks.id, title: tasks.title, accountName: accounts.name })
    .from(tasks)
    .leftJoin(accounts, eq(accounts.id, tasks.accountId))
    .where(and(taskReach(actor), match))
    .orderBy(rank, asc(sql`${tasks.title} collate "und-x-icu"`), asc(tasks.id))
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({ id: row.id, label: row.title, detail: row.accountName, href: hrefs.task(row.id) }));
}

const none = async (): Promise<SearchHit[]> => [];

/**
 * `GET /search?q=`: at most SEARCH_LIMIT records of each kind the caller may read (its `.read`
 * scope), within the same reach as its list (accountReach, userReach, documentReach, taskReach),
 * best match first. Five queries at once; a kind without its scope answers an empty list.
 */
export async function globalSearch(actor: Actor, q: string): Promise<SearchResult> {
  const db = await getDb();
  const terms = searchTerms(q);
  const may = (scope: Parameters<Actor['scopes']['has']>[0]) => actor.scopes.has(scope);
  const [accountHits, userHits, documentHits, taskHits, whitelistHits] = await Promise.all([
    may('accounts.read') ? searchAccounts(db, actor, terms) : none(),
    may('users.read') ? searchUsers(db, actor, terms) : none(),
    may('documents.read') ? searchDocuments(db, actor, terms) : none(),
    may('tasks.read') ? searchTasks(db, actor, terms) : none(),
    may('whitelist.read') ? searchWhitelist(db, actor, terms) : none(),
  ]);
  return {
    q,
    accounts: accountHits,
    users: userHits,
    documents: documentHits,
    tasks: taskHits,
    whitelist: whitelistHits,
  };
}
