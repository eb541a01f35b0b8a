import 'server-only';
import { inArray } from 'drizzle-orm';
import { MAX_COUNTED_WHITELIST_ENTRIES, type WhitelistListQuery } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { whitelistEntries } from '@/lib/server/db/schema';
import {
  countWhitelistEntries,
  searchPatterns,
  selectEntriesIn,
  selectPage,
  toWhitelistEntry,
  whitelistToday,
} from './whitelist-query';
import { searchWhitelistIds } from './whitelist-search';

/**
 * `GET /whitelist`: the entries of the accounts in reach, filtered, sorted and paged.
 *
 * At 250,000 entries the exact count took longer than the page (~165 ms, and on the embedded
 * database that holds the event loop), so, as the history's, the count stops at
 * MAX_COUNTED_WHITELIST_ENTRIES + 1 ("mehr als 1.000", `totalIsLowerBound`); the query schema keeps
 * page numbers within the counted entries. A search `q` reads the entries in statements of bounded
 * size (`searchWhitelistIds`), counting its hits up to the same cap.
 */
export async function findWhitelistEntries(actor: Actor, query: WhitelistListQuery) {
  const db = await getDb();
  const today = whitelistToday();
  const window = { limit: query.perPage, offset: (query.page - 1) * query.perPage };
  let counted: number;
  let rows: Awaited<ReturnType<typeof selectPage>>;
  if (query.q !== undefined && searchPatterns(query.q).length > 0) {
    const found = await searchWhitelistIds(
      db,
      actor,
      { ...query, q: query.q },
      today,
      window,
      MAX_COUNTED_WHITELIST_ENTRIES,
    );
    counted = found.counted;
    rows = found.ids.length ? await selectEntriesIn(db, query, inArray(whitelistEntries.id, found.ids)) : [];
  } else {
    [counted, rows] = await Promise.all([
      countWhitelistEntries(db, actor, query, today, MAX_COUNTED_WHITELIST_ENTRIES),
      selectPage(db, actor, query, today, window),
    ]);
  }
  return {
    items: rows.map((row) => toWhitelistEntry(row, today)),
    total: counted,
    totalIsLowerBound: counted > MAX_COUNTED_WHITELIST_ENTRIES,
    page: query.page,
    perPage: query.perPage,
  };
}
