import 'server-only';
import type { ApiKey } from '@/lib/schemas/api-key';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { loadApiKeys, requireKeyAdministrator } from './api-key-record';

/** `GET /api-keys`: every key, revoked ones included (the history names them). */
export async function findApiKeys(actor: Actor): Promise<{ items: ApiKey[] }> {
  requireKeyAdministrator(actor);
  return { items: await loadApiKeys(await getDb()) };
}
