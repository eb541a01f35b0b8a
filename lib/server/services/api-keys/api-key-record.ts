import 'server-only';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { ApiKey } from '@/lib/schemas/api-key';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { accounts, apiKeys, apiKeySecrets } from '@/lib/server/db/schema';
import { ApiError, notFound } from '@/lib/server/http/api-error';

/** Administrators manage keys (and only people: a key reaches none of these operations). */
export function requireKeyAdministrator(actor: Actor): void {
  if (actor.role !== 'admin' || actor.apiKey) {
    throw new ApiError('forbidden', 'Nur Administratoren verwalten API-Schlüssel.');
  }
}

/** The keys as lists show them, newest first; the visible prefix is the current secret's. */
export async function loadApiKeys(db: DbOrTx, id?: string): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, accountName: accounts.name })
    .from(apiKeys)
    .leftJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(id ? eq(apiKeys.id, id) : undefined)
    .orderBy(desc(apiKeys.createdAt));
  if (rows.length === 0) return [];
  const secrets = await db
    .select()
    .from(apiKeySecrets)
    .where(id ? eq(apiKeySecrets.apiKeyId, id) : undefined)
    .orderBy(desc(apiKeySecrets.createdAt));
  return rows.map(({ key, accountName }) => {
    const own = secrets.filter((secret) => secret.apiKeyId === key.id);
    const previous = own.find((secret) => secret.expiresAt !== null && secret.expiresAt.getTime() > Date.now());
    return {
      id: key.id,
      name: key.name,
      prefix: own[0]?.prefix ?? '',
      scopes: key.scopes,
      accountId: key.accountId,
      accountName,
      expiresAt: key.expiresAt.toISOString(),
      revokedAt: key.revokedAt?.toISOString() ?? null,
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      lastUsedIp: key.lastUsedIp,
      previousSecretExpiresAt: previous?.expiresAt?.toISOString() ?? null,
      createdAt: key.createdAt.toISOString(),
      version: key.version,
    };
  });
}

export async function requireApiKey(db: DbOrTx, id: string): Promise<ApiKey> {
  const [key] = await loadApiKeys(db, id);
  if (!key) throw notFound('API-Schlüssel');
  return key;
}

/** Secrets past their overlap are of no use: a rotation removes them. */
export const expiredSecrets = (apiKeyId: string) =>
  and(eq(apiKeySecrets.apiKeyId, apiKeyId), isNotNull(apiKeySecrets.expiresAt));
