import 'server-only';
import type { WhitelistListQuery } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { countEntries, selectPage, toWhitelistEntry, whitelistToday } from './whitelist-query';

/** `GET /whitelist`: the entries of the accounts in reach, filtered, sorted and paged. */
export async function findWhitelistEntries(actor: Actor, query: WhitelistListQuery) {
  const db = await getDb();
  const today = whitelistToday();
  const [total, rows] = await Promise.all([
    countEntries(db, actor, query, today),
    selectPage(db, actor, query, today, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
  ]);
  return {
    items: rows.map((row) => toWhitelistEntry(row, today)),
    total,
    page: query.page,
    perPage: query.perPage,
  };
}
