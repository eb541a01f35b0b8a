import 'server-only';
import { type SQL, and, asc, desc, eq, isNull, lt, gte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { WhitelistEntry, whitelistExportQuerySchema } from '@/lib/schemas/whitelist';
import { displayWhitelistValue, toAsciiDomain } from '@/lib/schemas/whitelist-value';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { escapeLike } from '@/lib/server/db/escape-like';
import { accounts, users, whitelistEntries } from '@/lib/server/db/schema';
import { berlinIsoDate } from '@/lib/server/http/csv';
import { countUpTo } from '@/lib/server/db/count-up-to';
import { accountIdInReach, accountReach } from '@/lib/server/services/accounts/reach';

/**
 * The filtered, sorted whitelist of `GET /whitelist`, its CSV export and its single reads: reach
 * over the entry's account, the filters accountId, kind and expired, the search `q`.
 */

export type WhitelistFilters = z.output<typeof whitelistExportQuerySchema>;
type ActorReach = Pick<Actor, 'id' | 'role' | 'accountId'>;

/** An entry counts through the end of its validUntil day in Germany, where the customers are. */
export const whitelistToday = () => berlinIsoDate();

export function isValidOn(today: string) {
  return or(isNull(whitelistEntries.validUntil), gte(whitelistEntries.validUntil, today));
}

/**
 * The text the list's search looks in: the value and the lower-cased note, a line break between
 * them (neither a value, a note nor a search term can hold one, so no term matches across the two).
 * Migration 0020 indexes exactly this expression (trigrams), so a search that matches few entries
 * reads just those instead of all of them; keep the two identical.
 */
const searchedText = sql`(${whitelistEntries.value} || E'\\n' || lower(${whitelistEntries.note}))`;

/**
 * `q`'s LIKE patterns: a part of the value (as typed, or a Unicode domain in its punycode form) or
 * of the note (either form, in the note too); none for an empty term.
 */
export function searchPatterns(q: string | undefined): string[] {
  const term = q?.trim().toLowerCase();
  if (!term) return [];
  const patterns = new Set([term]);
  const ascii = toAsciiDomain(term.slice(term.lastIndexOf('@') + 1));
  if (ascii && /[^\x00-\x7f]/.test(term)) patterns.add(term.slice(0, term.lastIndexOf('@') + 1) + ascii);
  return [...patterns];
}

/** The entries `q` finds (`searchPatterns`), or undefined for an empty term. */
export function whitelistSearchCondition(q: string | undefined): SQL | undefined {
  const patterns = searchPatterns(q);
  if (patterns.length === 0) return undefined;
  return or(...patterns.map((part) => sql`${searchedText} like ${`%${escapeLike(part)}%`}`));
}

/** Reach as `account_id IN (accounts in reach)`, so counting and paging need not join the accounts. */
export function whitelistConditions(actor: ActorReach, filters: Partial<WhitelistFilters>, today: string) {
  return and(accountIdInReach(actor, whitelistEntries.accountId), whitelistFilterConditions(filters, today));
}

/** The filters and the search without reach (the caller brings it). */
export function whitelistFilterConditions(filters: Partial<WhitelistFilters>, today: string) {
  return and(
    filters.accountId ? eq(whitelistEntries.accountId, filters.accountId) : undefined,
    filters.kind ? eq(whitelistEntries.kind, filters.kind) : undefined,
    filters.expired === true ? lt(whitelistEntries.validUntil, today) : undefined,
    filters.expired === false ? isValidOn(today) : undefined,
    whitelistSearchCondition(filters.q),
  );
}

/**
 * ORDER BY the chosen field, then the value and `id` (a stable order for paging). Every order is
 * one an index reads in either direction (migrations 0018, 0020; `validUntil` needs its NULLS
 * placement to reverse with the direction for that): an entry without validUntil is valid for ever,
 * so it comes last going up and first going down. Sorted by account within one account, the order
 * is the value's (all entries share the name), read on the (account_id, value, id) index.
 */
export function whitelistOrder(filters: Pick<WhitelistFilters, 'sort' | 'order' | 'accountId'>): SQL[] {
  const isDesc = filters.order === 'desc';
  const direction = isDesc ? desc : asc;
  const tail = [direction(whitelistEntries.value), direction(whitelistEntries.id)];
  switch (filters.sort) {
    case 'value':
      return tail;
    case 'kind':
      return [direction(whitelistEntries.kind), ...tail];
    case 'accountName':
      return filters.accountId ? tail : [direction(sql`${accounts.name} collate "und-x-icu"`), ...tail];
    case 'validUntil':
      return [
        isDesc
          ? sql`${whitelistEntries.validUntil} desc nulls first`
          : sql`${whitelistEntries.validUntil} asc nulls last`,
        ...tail,
      ];
    case 'createdAt':
      return [direction(whitelistEntries.createdAt), direction(whitelistEntries.id)];
  }
}

const creator = alias(users, 'creator');

const columns = {
  id: whitelistEntries.id,
  accountId: whitelistEntries.accountId,
  accountName: accounts.name,
  kind: whitelistEntries.kind,
  value: whitelistEntries.value,
  note: whitelistEntries.note,
  validUntil: whitelistEntries.validUntil,
  createdById: whitelistEntries.createdById,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  version: whitelistEntries.version,
  createdAt: whitelistEntries.createdAt,
  updatedAt: whitelistEntries.updatedAt,
};

function selectEntries(db: DbOrTx) {
  return db
    .select(columns)
    .from(whitelistEntries)
    .innerJoin(accounts, eq(accounts.id, whitelistEntries.accountId))
    .leftJoin(creator, eq(creator.id, whitelistEntries.createdById));
}

type EntryRow = Awaited<ReturnType<typeof selectPage>>[number];

export function toWhitelistEntry(row: EntryRow, today: string): WhitelistEntry {
  return {
    id: row.id,
    accountId: row.accountId,
    accountName: row.accountName,
    kind: row.kind,
    value: row.value,
    displayValue: displayWhitelistValue(row.kind, row.value),
    note: row.note,
    validUntil: row.validUntil,
    isExpired: row.validUntil !== null && row.validUntil < today,
    createdById: row.createdById,
    createdByName: row.creatorFirstName === null ? null : `${row.creatorFirstName} ${row.creatorLastName ?? ''}`.trim(),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The ids of one page (or export batch) in order, read on the sort's index alone: the accounts are
 * joined only to sort by their name, and skipped rows are never read with their account and creator.
 */
export function selectPageIds(
  db: DbOrTx,
  actor: ActorReach,
  filters: WhitelistFilters,
  today: string,
  window: { limit: number; offset: number },
) {
  const byAccountName = filters.sort === 'accountName' && !filters.accountId;
  const entries = db.select({ id: whitelistEntries.id }).from(whitelistEntries);
  return (byAccountName ? entries.innerJoin(accounts, eq(accounts.id, whitelistEntries.accountId)) : entries)
    .where(whitelistConditions(actor, filters, today))
    .orderBy(...whitelistOrder(filters))
    .limit(window.limit)
    .offset(window.offset);
}

/** One page (or export batch) of entries in reach: the page's ids (`selectPageIds`), joined to their rows. */
export function selectPage(
  db: DbOrTx,
  actor: ActorReach,
  filters: WhitelistFilters,
  today: string,
  window: { limit: number; offset: number },
) {
  const page = selectPageIds(db, actor, filters, today, window).as('page');
  return selectEntries(db)
    .innerJoin(page, eq(page.id, whitelistEntries.id))
    .orderBy(...whitelistOrder(filters));
}

/** The rows of the entries `which` names (ids already in reach), in the list's order. */
export function selectEntriesIn(
  db: DbOrTx,
  filters: Pick<WhitelistFilters, 'sort' | 'order' | 'accountId'>,
  which: SQL,
) {
  return selectEntries(db)
    .where(which)
    .orderBy(...whitelistOrder(filters));
}

/** Counts at most `limit` + 1 matching entries: enough to say "more than limit" without counting 250,000. */
export function countWhitelistEntries(
  db: DbOrTx,
  actor: ActorReach,
  filters: WhitelistFilters,
  today: string,
  limit: number,
) {
  return countUpTo(db, whitelistEntries, whitelistConditions(actor, filters, today), limit);
}

/** One entry as the API answers it; null outside the actor's reach. */
export async function loadWhitelistEntry(db: DbOrTx, actor: ActorReach, id: string): Promise<WhitelistEntry | null> {
  const today = whitelistToday();
  const [row] = await selectEntries(db)
    .where(and(eq(whitelistEntries.id, id), accountReach(actor)))
    .limit(1);
  return row ? toWhitelistEntry(row, today) : null;
}
