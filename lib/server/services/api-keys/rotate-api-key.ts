import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiKeyRotateSchema, type ApiKeyWithSecret } from '@/lib/schemas/api-key';
import type { z } from 'zod';
import type { Actor } from '@/lib/server/auth/actor';
import { createApiKeySecret } from '@/lib/server/auth/api-keys';
import { getDb } from '@/lib/server/db/client';
import { apiKeys, apiKeySecrets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { expiredSecrets, requireApiKey, requireKeyAdministrator } from './api-key-record';

/**
 * `POST /api-keys/{id}/rotate`: a new secret (shown once); the current one keeps working for the
 * overlap (at most 7 days, 0 ends it now). A secret from an earlier rotation ends with this one.
 */
export async function rotateApiKey(
  actor: Actor,
  id: string,
  input: z.input<typeof apiKeyRotateSchema>,
): Promise<ApiKeyWithSecret> {
  requireKeyAdministrator(actor);
  const { overlapHours } = apiKeyRotateSchema.parse(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [key] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    const current = await requireApiKey(tx, id);
    if (!key || key.revokedAt) throw new ApiError('conflict', 'Ein widerrufener Schlüssel kann nicht erneuert werden.');
    await tx.delete(apiKeySecrets).where(expiredSecrets(id));
    await tx
      .update(apiKeySecrets)
      .set({ expiresAt: new Date(Date.now() + overlapHours * 60 * 60 * 1000) })
      .where(and(eq(apiKeySecrets.apiKeyId, id), isNull(apiKeySecrets.expiresAt)));
    const { secret, prefix, hash } = createApiKeySecret();
    await tx.insert(apiKeySecrets).values({ apiKeyId: id, prefix, secretHash: hash });
    await tx
      .update(apiKeys)
      .set({ updatedAt: new Date(), version: sql`${apiKeys.version} + 1` })
      .where(eq(apiKeys.id, id));
    return { ...(await requireApiKey(tx, current.id)), secret };
  });
}
