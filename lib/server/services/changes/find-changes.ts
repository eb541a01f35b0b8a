import 'server-only';
import { MAX_COUNTED_CHANGES, type ChangeList, type ChangeListQuery } from '@/lib/schemas/change';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { countChangesUpTo, selectChangePage, toChanges } from './change-list-query';

/**
 * `GET /changes`: the history in the actor's reach, newest first, filtered and paged.
 *
 * Deep pages at a million rows: counting every match for each page view would cost more than the
 * page itself, so the count stops at MAX_COUNTED_CHANGES + 1 ("mehr als 10.000"); the page is read
 * on the (at, id) index by a deferred join. Paging on from a page uses its `nextCursor` (keyset:
 * `(at, id) < anchor`), which costs the same on page 5,000 as on page 1; a page number typed
 * without a cursor still works, by offset over the index.
 */
export async function findChanges(actor: Actor, query: ChangeListQuery): Promise<ChangeList> {
  const db = await getDb();
  const offset = query.after ? 0 : (query.page - 1) * query.perPage;
  const [counted, rows] = await Promise.all([
    countChangesUpTo(db, actor, query, MAX_COUNTED_CHANGES),
    // One more row than the page tells whether there is a next page.
    selectChangePage(db, actor, query, { limit: query.perPage + 1, offset, after: query.after }),
  ]);
  const hasNext = rows.length > query.perPage;
  const items = await toChanges(db, rows.slice(0, query.perPage));
  return {
    items,
    total: counted,
    totalIsLowerBound: counted > MAX_COUNTED_CHANGES,
    page: query.page,
    perPage: query.perPage,
    nextCursor: hasNext ? (items.at(-1)?.id ?? null) : null,
  };
}
