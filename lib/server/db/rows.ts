import 'server-only';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './types';

/** The rows of a raw statement: PGlite answers `{ rows }`, postgres-js an array of rows. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}
