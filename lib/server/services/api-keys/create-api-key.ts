import 'server-only';
import { eq } from 'drizzle-orm';
import {
  apiKeyCreateSchema,
  defaultApiKeyExpiry,
  type ApiKeyCreate,
  type ApiKeyWithSecret,
} from '@/lib/schemas/api-key';
import type { Actor } from '@/lib/server/auth/actor';
import { createApiKeySecret } from '@/lib/server/auth/api-keys';
import { getDb } from '@/lib/server/db/client';
import { accounts, apiKeys, apiKeySecrets } from '@/lib/server/db/schema';
import { notFound } from '@/lib/server/http/api-error';
import { requireApiKey, requireKeyAdministrator } from './api-key-record';

/** `POST /api-keys`: the key and its secret, which is shown this once and stored only as a hash. */
export async function createApiKey(actor: Actor, input: ApiKeyCreate): Promise<ApiKeyWithSecret> {
  requireKeyAdministrator(actor);
  const data = apiKeyCreateSchema.parse(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (data.accountId) {
      const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, data.accountId));
      if (!account) throw notFound('Konto');
    }
    const [key] = await tx
      .insert(apiKeys)
      .values({
        name: data.name,
        scopes: [...new Set(data.scopes)],
        accountId: data.accountId,
        expiresAt: data.expiresAt ? new Date(data.expiresAt) : defaultApiKeyExpiry(),
        createdById: actor.id,
      })
      .returning({ id: apiKeys.id });
    if (!key) throw new Error('createApiKey: insert returned no row');
    const { secret, prefix, hash } = createApiKeySecret();
    await tx.insert(apiKeySecrets).values({ apiKeyId: key.id, prefix, secretHash: hash });
    return { ...(await requireApiKey(tx, key.id)), secret };
  });
}
