import 'server-only';
import { adaptiveStep } from '@/lib/server/db/adaptive-step';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { WhitelistListQuery } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import { accounts, whitelistEntries } from '@/lib/server/db/schema';
import { rowsOf } from '@/lib/server/db/rows';
import type { DbOrTx } from '@/lib/server/db/types';
import { accountReach } from '@/lib/server/services/accounts/reach';
import { searchPatterns, whitelistFilterConditions, whitelistOrder, whitelistSearchCondition } from './whitelist-query';

type ActorReach = Pick<Actor, 'id' | 'role' | 'accountId'>;

/**
 * The list's search `q` in statements that each read a bounded number of entries (issue 45: no
 * search holds the embedded database, and with it the event loop, for long). One statement that
 * filtered and sorted every entry in reach took 835 ms for "mitarbeiter" over a manager's 52,000
 * entries, and a term that matches nothing read all of them, twice (the page and the count).
 *
 * 1. **Narrow** (every pattern 3 characters or more): the trigram index names the candidates, at most
 *    NARROW_CANDIDATES of them, in one statement; reach, the filters and the order are then applied to
 *    those alone. A rare term costs two short statements, as before.
 * 2. **Window**: the first SEARCH_WINDOW entries in reach in the list's order (read from the order's
 *    index, no term yet), the term checked on those. A common term ("mitarbeiter", "de") finds its
 *    page there, and with 1,001 hits its count ("mehr als 1.000"): one statement. Windows go on by
 *    keyset while they found the page but not yet the count.
 * 3. **Walk**: otherwise the entries in reach are read in chunks on the (account_id, created_at, id)
 *    index, each chunk its own statement, counting the hits up to the cap and keeping the page's
 *    candidates (the first `offset + perPage` in the list's order among the hits so far, re-sorted
 *    with each chunk's hits). A term that few entries in reach hold ("example" for a manager whose
 *    entries are all `.de`, while 200,000 others hold it, so the trigram index cannot narrow it)
 *    reads every entry in reach: in creation order, which is mostly the table's, reading a page of
 *    the table once rather than once per entry on it as the value's order does (half the time).
 *
 * **Step sizes** (windows after the first, chunks): each step starts at SEARCH_WINDOW / SEARCH_CHUNK
 * entries and then reads as many as the last statement's own time says fit in STEP_TARGET_MS (at
 * most 4 times as many, at most SEARCH_MAX_STEP): a rare term over 52,000 entries in 5 statements
 * instead of 26, each still short enough that the event loop (PGlite runs on it) waits for one
 * of them at most; under load the statements slow down and the steps shrink again. Every
 * statement waits its turn after yielding the event loop (lib/server/db/client.ts).
 *
 * Reach and filters are `whitelistConditions` without `q`, the term `whitelistSearchCondition`: the
 * same conditions as the list without a search.
 */

/** Candidates the trigram index may name before the search reads the entries in order instead. */
export const NARROW_CANDIDATES = 2_000;
/** Entries in the list's order the window reads. */
export const SEARCH_WINDOW = 2_000;
/** Entries a walking statement reads first. */
export const SEARCH_CHUNK = 2_000;
/** Entries a window or chunk grows to at most. */
export const SEARCH_MAX_STEP = 24_000;
/** The time a window or chunk statement may take, which its size adapts to. */
export const STEP_TARGET_MS = 40;

export interface SearchLimits {
  narrow: number;
  window: number;
  chunk: number;
  /** The most entries a later window or chunk reads (its first reads `window` or `chunk`). */
  maxStep: number;
}
const LIMITS: SearchLimits = {
  narrow: NARROW_CANDIDATES,
  window: SEARCH_WINDOW,
  chunk: SEARCH_CHUNK,
  maxStep: SEARCH_MAX_STEP,
};

/**
 * The next step's size from the last one's: as many entries as fit in STEP_TARGET_MS at the rate the
 * last statement read them, at most 4 times as many, between `least` and `most`.
 */
export function nextStep(size: number, tookMs: number, least: number, most: number): number {
  return adaptiveStep({ size, tookMs, targetMs: STEP_TARGET_MS, growth: 4, least, most });
}

export interface SearchResultIds {
  /** The page's ids in the list's order. */
  ids: string[];
  /** Hits counted, at most `countLimit` + 1. */
  counted: number;
}

type Filters = Omit<WhitelistListQuery, 'page' | 'perPage'> & { q: string };

/** `FROM whitelist_entries`, joined to the accounts only when the order needs their name. */
function byAccountName(filters: Filters) {
  return filters.sort === 'accountName' && !filters.accountId;
}

/**
 * Reach as the ids of the accounts in it, sorted (null: every account): a walk or window on
 * `account_id = any(…)` reads the (account_id, …) indexes of exactly those accounts, where
 * `account_id IN (subquery)` let the planner read and sort every entry in reach. The same
 * condition as the list's (`accountReach`), in a statement of its own.
 */
async function reachAccountIds(db: DbOrTx, actor: ActorReach, accountId: string | undefined): Promise<string[] | null> {
  const reach = accountReach(actor);
  if (!reach) return accountId ? [accountId] : null;
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(reach, accountId ? eq(accounts.id, accountId) : undefined))
    .orderBy(accounts.id);
  return rows.map((row) => row.id);
}

/** ids (uuids the database gave) as one `uuid[]` parameter, not one parameter each. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

const inReach = (ids: string[] | null) =>
  ids === null
    ? undefined
    : ids.length === 1
      ? eq(whitelistEntries.accountId, ids[0]!)
      : sql`${whitelistEntries.accountId} = any(${uuidArray(ids)})`;
const idAmong = (ids: string[]) => sql`${whitelistEntries.id} = any(${uuidArray(ids)})`;

/**
 * Runs `read` where the planner may not sort: the window and the walk must be read in order from an
 * index and stop at their LIMIT. Without statistics (PGlite never runs ANALYZE) the planner
 * otherwise chose to read and sort all 12,000 entries of an account for a window of 4,000 (the test's data).
 */
function withoutSorting<T>(db: DbOrTx, read: (tx: DbOrTx) => Promise<T>): Promise<{ result: T; tookMs: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    // The statement's own time: the transaction holds the database, so no other statement's is in it.
    const started = performance.now();
    const result = await read(tx as unknown as DbOrTx);
    return { result, tookMs: performance.now() - started };
  }) as Promise<{ result: T; tookMs: number }>;
}

/** The entries among `among` (ids) that match, in the list's order, at most `limit`. */
async function orderedAmong(
  db: DbOrTx,
  reach: string[] | null,
  filters: Filters,
  today: string,
  among: SQL,
  limit: number,
): Promise<string[]> {
  const entries = db.select({ id: whitelistEntries.id }).from(whitelistEntries);
  const rows = await (
    byAccountName(filters) ? entries.innerJoin(accounts, eq(accounts.id, whitelistEntries.accountId)) : entries
  )
    .where(and(among, inReach(reach), whitelistFilterConditions(filters, today)))
    .orderBy(...whitelistOrder(filters))
    .limit(limit);
  return rows.map((row) => row.id);
}

const jsonIds = (value: unknown): string[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as string[];

/** Step 1: the trigram index's candidates, or null when there are more than `limit` (or the term is too short). */
async function narrowCandidates(db: DbOrTx, q: string, limit: number): Promise<string[] | null> {
  if (searchPatterns(q).some((pattern) => pattern.length < 3)) return null;
  // Only the term, read as a bitmap of the trigram index (a sequential scan could read every entry
  // for a rare term); LIMIT stops the heap reads.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    return tx
      .select({ id: whitelistEntries.id })
      .from(whitelistEntries)
      .where(whitelistSearchCondition(q))
      .limit(limit + 1);
  });
  return rows.length > limit ? null : rows.map((row) => row.id);
}

/**
 * The orders whose window goes on by keyset: by value (also "by account" within one account) and by
 * creation, each with `id` last, read from (value, id), (created_at, id) or one account's
 * (account_id, value, id), (account_id, created_at, id). Their key as the window's cursor.
 */
function keysetOf(filters: Filters) {
  if (filters.sort === 'value' || (filters.sort === 'accountName' && filters.accountId)) {
    return { key: sql`${whitelistEntries.value}`, cast: sql`text` };
  }
  if (filters.sort === 'createdAt') return { key: sql`${whitelistEntries.createdAt}`, cast: sql`timestamptz` };
  return null;
}

/**
 * Step 2, one window: the next `size` entries in reach in the list's order (after `after`, when
 * the order has a keyset), how many, the last one's key and the hits among them in order.
 */
async function windowHits(
  db: DbOrTx,
  reach: string[] | null,
  filters: Filters,
  today: string,
  size: number,
  after: [unknown, string] | null,
) {
  const withoutTerm = { ...filters, q: undefined };
  const keyset = keysetOf(filters);
  const direction = filters.order === 'desc' ? sql`<` : sql`>`;
  const entries = db
    .select({
      id: whitelistEntries.id,
      hit: sql<boolean>`${whitelistSearchCondition(filters.q)}`.as('hit'),
      key: sql<unknown>`${keyset?.key ?? sql`null`}`.as('key'),
    })
    .from(whitelistEntries);
  const window = (
    byAccountName(filters) ? entries.innerJoin(accounts, eq(accounts.id, whitelistEntries.accountId)) : entries
  )
    .where(
      and(
        inReach(reach),
        whitelistFilterConditions(withoutTerm, today),
        keyset && after
          ? sql`(${keyset.key}, ${whitelistEntries.id}) ${direction} (${after[0]}::${keyset.cast}, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...whitelistOrder(filters))
    .limit(size)
    .as('w');
  // An aggregate over a sorted subquery with nothing else at its level takes the rows in order.
  const {
    result: [row],
    tookMs,
  } = await withoutSorting(db, (tx) =>
    tx
      .select({
        rows: sql<number>`count(*)`.mapWith(Number),
        ids: sql<unknown>`coalesce(json_agg(${window.id}) filter (where ${window.hit}), '[]'::json)`,
        last: sql<unknown>`(array_agg(json_build_array(${window.key}, ${window.id})))[count(*)]`,
      })
      .from(window),
  );
  const last = typeof row?.last === 'string' ? JSON.parse(row.last) : row?.last;
  return {
    rows: row?.rows ?? 0,
    ids: jsonIds(row?.ids),
    last: keyset && Array.isArray(last) ? ([last[0], String(last[1])] as [unknown, string]) : null,
    tookMs,
  };
}

interface Cursor {
  accountId: string;
  /** created_at as the database wrote it in JSON (microseconds, which a Date would lose). */
  createdAt: string;
  id: string;
}

/**
 * Step 3, one chunk: the next `size` entries in reach on (account_id, created_at, id) after `cursor`,
 * how many of them match, the last one (the next cursor), and — when `keep` > 0 — the first `keep`
 * in the list's order among `kept` and this chunk's hits.
 */
async function walkChunk(
  db: DbOrTx,
  reach: string[] | null,
  filters: Filters,
  today: string,
  cursor: Cursor | null,
  size: number,
  kept: string[],
  keep: number,
) {
  const withoutTerm = { ...filters, q: undefined };
  const after = cursor
    ? sql`(${whitelistEntries.accountId}, ${whitelistEntries.createdAt}, ${whitelistEntries.id}) > (${cursor.accountId}::uuid, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  // The accounts from the cursor's on (uuids sort as their lower-case text).
  const ahead = reach && cursor ? reach.filter((id) => id >= cursor.accountId) : reach;
  const chunk = db
    .select({
      id: whitelistEntries.id,
      accountId: sql<string>`${whitelistEntries.accountId}`.as('account_id'),
      createdAt: sql<string>`${whitelistEntries.createdAt}`.as('created_at'),
      hit: sql<boolean>`${whitelistSearchCondition(filters.q)}`.as('hit'),
    })
    .from(whitelistEntries)
    .where(and(inReach(ahead), whitelistFilterConditions(withoutTerm, today), after))
    .orderBy(whitelistEntries.accountId, whitelistEntries.createdAt, whitelistEntries.id)
    .limit(size)
    .as('c');
  const {
    result: [row],
    tookMs,
  } = await withoutSorting(db, (tx) =>
    rowsOf<{ rows: number | string; hits: number | string; last: unknown; ids: unknown }>(
      tx,
      sql`select count(*) as rows, count(*) filter (where c.hit) as hits,
        (array_agg(json_build_array(c.account_id, c.created_at, c.id)))[count(*)] as last,
        coalesce(json_agg(c.id) filter (where c.hit), '[]'::json) as ids
      from ${chunk}`,
    ),
  );
  const rows = Number(row?.rows ?? 0);
  const hits = jsonIds(row?.ids);
  const lastValue = typeof row?.last === 'string' ? JSON.parse(row.last) : row?.last;
  const last = Array.isArray(lastValue)
    ? { accountId: String(lastValue[0]), createdAt: String(lastValue[1]), id: String(lastValue[2]) }
    : null;
  let top = kept;
  if (keep > 0 && hits.length > 0) {
    top = await orderedAmong(db, reach, filters, today, idAmong([...kept, ...hits]), keep);
  }
  return { rows, hitCount: Number(row?.hits ?? 0), last, top, tookMs };
}

/**
 * The ids of the page (`offset`, `limit`) of the entries in reach that match `filters.q`, in the
 * list's order, and the hits counted up to `countLimit` + 1.
 */
export async function searchWhitelistIds(
  db: DbOrTx,
  actor: ActorReach,
  filters: Filters,
  today: string,
  window: { offset: number; limit: number },
  countLimit: number,
  limits: SearchLimits = LIMITS,
): Promise<SearchResultIds> {
  const end = window.offset + window.limit;
  const page = (ordered: string[]) => ordered.slice(window.offset, end);
  const reach = await reachAccountIds(db, actor, filters.accountId);
  if (reach?.length === 0) return { ids: [], counted: 0 };

  const candidates = await narrowCandidates(db, filters.q, limits.narrow);
  if (candidates) {
    if (candidates.length === 0) return { ids: [], counted: 0 };
    // Every match is among the candidates: in order, as many as the page and the count need.
    const ordered = await orderedAmong(db, reach, filters, today, idAmong(candidates), Math.max(end, countLimit + 1));
    return { ids: page(ordered), counted: Math.min(ordered.length, countLimit + 1) };
  }

  // The window reads one index in the list's order: everyone's, or one account's part of it. For
  // the orders with a keyset it goes on window by window until it holds the page and the count (or
  // the end); for the others one window, then the walk.
  let top: string[] = [];
  let pageFound = false;
  if (reach === null || reach.length === 1) {
    const hits: string[] = [];
    let after: [unknown, string] | null = null;
    let size = limits.window;
    for (;;) {
      const next = await windowHits(db, reach, filters, today, size, after);
      hits.push(...next.ids);
      // The windows are the start of the list's order: their hits are the first ones.
      pageFound = hits.length >= end;
      // The windows held every entry in reach, or enough hits for the page and the count.
      if (next.rows < size || (pageFound && hits.length > countLimit)) {
        return { ids: page(hits), counted: Math.min(hits.length, countLimit + 1) };
      }
      // One account's entries without the page in the first window: the term is rare there, and
      // the walk reads them all at half the cost of windows, which read the table in the value's
      // order. Everyone's (an administrator's 250,000) go on by window: the hits may come later in
      // the order ("aushilfe"), and the windows stop there.
      if (!next.last || (!pageFound && reach !== null)) break;
      after = next.last;
      size = nextStep(size, next.tookMs, limits.window, limits.maxStep);
    }
    top = pageFound ? hits.slice(0, end) : hits;
  }
  // The walk counts every hit anew (the window's too: it reads in another order).
  let counted = 0;
  let cursor: Cursor | null = null;
  let size = limits.chunk;
  for (;;) {
    const chunk = await walkChunk(db, reach, filters, today, cursor, size, top, pageFound ? 0 : end);
    counted += chunk.hitCount;
    top = chunk.top;
    if (chunk.rows < size || !chunk.last) break;
    // The page needs every chunk unless the window found it; the count stops at its cap.
    if (pageFound && counted > countLimit) break;
    cursor = chunk.last;
    size = nextStep(size, chunk.tookMs, limits.chunk, limits.maxStep);
  }
  return { ids: page(top), counted: Math.min(counted, countLimit + 1) };
}
