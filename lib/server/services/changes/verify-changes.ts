import 'server-only';
import { setImmediate } from 'node:timers/promises';
import type { ChangeVerification } from '@/lib/schemas/change';
import { getEnv } from '@/lib/env';
import type { Actor } from '@/lib/server/auth/actor';
import { rawSql } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/http/api-error';
import { verifyChain } from '@/lib/server/history/chain';
import { auditChainKeys } from '@/lib/server/history/chain-keys';
import { readCheckpoint } from '@/lib/server/history/checkpoint';

/**
 * `GET /changes/verify` (administrators): checks every chain, keyed (every MAC under AUDIT_CHAIN_KEY,
 * and against the newest checkpoint in AUDIT_CHECKPOINT_FILE), in batches inside the database
 * (lib/server/history/chain.ts, the same code as `npm run audit:verify`) and names the first broken
 * link. Each batch is sized to take ~50 ms and the request yields to the event loop between batches:
 * on the embedded database (PGlite) every statement runs on the event loop, so other requests get
 * their turn at least every batch.
 */
export async function verifyChanges(actor: Actor): Promise<ChangeVerification> {
  if (actor.role !== 'admin') throw new ApiError('forbidden', 'Nur Administratoren prüfen die Hash-Kette.');
  const run = await rawSql();
  const started = performance.now();
  const keys = auditChainKeys();
  const { checkpoint } = await readCheckpoint(keys, getEnv().AUDIT_CHECKPOINT_FILE);
  const result = await verifyChain(async (text, params) => (await run(text, params)).rows, {
    batchMs: 50,
    pause: async () => {
      await setImmediate();
    },
    keys,
    checkpoint,
  });
  return {
    ...result,
    keyed: true,
    personalValues: result.personalValues ?? { checked: 0, broken: null },
    checkpointAt: result.checkpointAt ?? null,
    durationMs: Math.round(performance.now() - started),
  };
}
