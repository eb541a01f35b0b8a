import 'server-only';
import { MAX_COUNTED_WHITELIST_ENTRIES, type WhitelistListQuery } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { countWhitelistEntries, selectPage, toWhitelistEntry, whitelistToday } from './whitelist-query';

/**
 * `GET /whitelist`: the entries of the accounts in reach, filtered, sorted and paged.
 *
 * At 250,000 entries the exact count took longer than the page (~165 ms, and on the embedded
 * database that holds the event loop), so, as the history's, the count stops at
 * MAX_COUNTED_WHITELIST_ENTRIES + 1 ("mehr als 1.000", `totalIsLowerBound`); the query schema keeps
 * page numbers within the counted entries.
 */
export async function findWhitelistEntries(actor: Actor, query: WhitelistListQuery) {
  const db = await getDb();
  const today = whitelistToday();
  const [counted, rows] = await Promise.all([
    countWhitelistEntries(db, actor, query, today, MAX_COUNTED_WHITELIST_ENTRIES),
    selectPage(db, actor, query, today, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
  ]);
  return {
    items: rows.map((row) => toWhitelistEntry(row, today)),
    total: counted,
    totalIsLowerBound: counted > MAX_COUNTED_WHITELIST_ENTRIES,
    page: query.page,
    perPage: query.perPage,
  };
}
