import 'server-only';
import { setImmediate } from 'node:timers/promises';
import type { ChangeVerification } from '@/lib/schemas/change';
import type { Actor } from '@/lib/server/auth/actor';
import { rawSql } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/http/api-error';
import { verifyChain } from '@/lib/server/history/chain';

/**
 * `GET /changes/verify` (administrators): checks every chain in batches inside the database
 * (lib/server/history/chain.ts, the same code as `npm run audit:verify`) and names the first broken
 * link. Each batch is sized to take ~50 ms and the request yields to the event loop between batches:
 * on the embedded database (PGlite) every statement runs on the event loop, so other requests get
 * their turn at least every batch.
 */
export async function verifyChanges(actor: Actor): Promise<ChangeVerification> {
  if (actor.role !== 'admin') throw new ApiError('forbidden', 'Nur Administratoren prüfen die Hash-Kette.');
  const run = await rawSql();
  const started = performance.now();
  const result = await verifyChain(async (text, params) => (await run(text, params)).rows, {
    batchMs: 50,
    pause: async () => {
      await setImmediate();
    },
  });
  return { ...result, durationMs: Math.round(performance.now() - started) };
}
