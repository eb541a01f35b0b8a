import 'server-only';
import type { WhitelistEntry } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requireWhitelistEntry } from './whitelist-record';

/** `GET /whitelist/{id}`: one entry of an account in reach (404 otherwise). */
export async function getWhitelistEntry(actor: Actor, id: string): Promise<WhitelistEntry> {
  return requireWhitelistEntry(await getDb(), actor, id);
}
