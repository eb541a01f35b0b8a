import 'server-only';
import { getEnv } from '@/lib/env';
import { rawSql } from '@/lib/server/db/client';
import { auditChainKeys } from '@/lib/server/history/chain-keys';
import { takeCheckpoint } from '@/lib/server/history/checkpoint';
import type { Checkpoint } from '@/lib/server/history/keyed';
import type { Actor } from '@/lib/server/auth/actor';
import { ApiError } from '@/lib/server/http/api-error';

/** The hourly job (and `POST /changes/checkpoint`): every chain's head, signed, to the log and AUDIT_CHECKPOINT_FILE. */
export async function checkpointHistory(): Promise<Checkpoint> {
  const run = await rawSql();
  return takeCheckpoint(
    async (text, params) => (await run(text, params)).rows,
    auditChainKeys(),
    getEnv().AUDIT_CHECKPOINT_FILE,
  );
}

/** `POST /changes/checkpoint` (administrators): a checkpoint now, on demand. */
export async function checkpointChanges(actor: Actor): Promise<Checkpoint> {
  if (actor.role !== 'admin')
    throw new ApiError('forbidden', 'Nur Administratoren setzen einen Prüfpunkt der Hash-Kette.');
  return checkpointHistory();
}
