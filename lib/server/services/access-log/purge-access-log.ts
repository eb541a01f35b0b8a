import 'server-only';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import type { DbOrTx } from '@/lib/server/db/types';

/** Rows per statement: a day of a busy system goes in steps that never hold the event loop long (PGlite). */
export const PURGE_BATCH = 5000;

/**
 * The access log's retention (issue 51, the daily `access-log-purge` job): every row older than
 * `months` months goes, through `access_log_purge()` (migration 0034) — the one way rows leave the
 * append-only table. Returns how many went.
 */
export async function purgeAccessLog(months: number, db?: DbOrTx, batch = PURGE_BATCH): Promise<number> {
  const database = db ?? (await getDb());
  let total = 0;
  for (;;) {
    const result = await database.execute(sql`select access_log_purge(${months}::integer, ${batch}::integer) as gone`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { gone: number | string }[];
    const gone = Number(rows[0]?.gone ?? 0);
    total += gone;
    if (gone < batch) return total;
    await yieldToLoop();
  }
}
