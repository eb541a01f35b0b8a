import 'server-only';
import { sql } from 'drizzle-orm';
import type { ChangeVerification } from '@/lib/schemas/change';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { DbOrTx } from '@/lib/server/db/types';
import { ApiError } from '@/lib/server/http/api-error';
import { CHAIN_HEADS_SQL, verifyChain, type RawChainRow } from '@/lib/server/history/chain';

async function rowsOf<T>(db: DbOrTx, text: string, params: unknown[]): Promise<T[]> {
  // Only the keyset bound is a parameter (a number); PGlite answers `{ rows }`, postgres-js an array.
  const query = sql.raw(text.replace('$1', String(Number(params[0]))));
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

/**
 * `GET /changes/verify` (administrators): walks the whole hash chain in seq order, recomputing every
 * hash from the stored entry (lib/server/history/chain.ts), and names the first broken link.
 */
export async function verifyChanges(actor: Actor): Promise<ChangeVerification> {
  if (actor.role !== 'admin') throw new ApiError('forbidden', 'Nur Administratoren prüfen die Hash-Kette.');
  const db = await getDb();
  const started = performance.now();
  const result = await verifyChain(
    (text, params) => rowsOf<RawChainRow>(db, text, params),
    async () =>
      (await rowsOf<{ chain: string; seq: string; hash: string }>(db, CHAIN_HEADS_SQL, [])).map((head) => ({
        chain: Number(head.chain),
        seq: Number(head.seq),
        hash: Buffer.from(head.hash, 'hex'),
      })),
  );
  return { ...result, durationMs: Math.round(performance.now() - started) };
}
