import 'server-only';
import type { ApiKey } from '@/lib/schemas/api-key';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requireApiKey, requireKeyAdministrator } from './api-key-record';

/** `GET /api-keys/{id}`. */
export async function getApiKey(actor: Actor, id: string): Promise<ApiKey> {
  requireKeyAdministrator(actor);
  return requireApiKey(await getDb(), id);
}
