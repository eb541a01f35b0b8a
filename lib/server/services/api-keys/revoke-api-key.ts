import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { apiKeys } from '@/lib/server/db/schema';
import { requireApiKey, requireKeyAdministrator } from './api-key-record';

/** `DELETE /api-keys/{id}`: the key is refused from the next request on; the row stays for the record. */
export async function revokeApiKey(actor: Actor, id: string): Promise<void> {
  requireKeyAdministrator(actor);
  const db = await getDb();
  await requireApiKey(db, id);
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), updatedAt: new Date(), version: sql`${apiKeys.version} + 1` })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}
