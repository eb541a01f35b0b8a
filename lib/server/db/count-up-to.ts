import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './types';

/**
 * Counts at most `limit` + 1 rows of `table` matching `where` (a count over a `limit`ed subquery):
 * enough to say "more than limit" without counting every row of a long list on each page view.
 */
export async function countUpTo(db: DbOrTx, table: PgTable, where: SQL | undefined, limit: number): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(limit + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching);
  return row?.n ?? 0;
}
