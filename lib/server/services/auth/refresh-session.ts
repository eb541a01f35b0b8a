import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { TokenResponse } from '@/lib/schemas/auth';
import { isSessionLive, unauthorized } from '@/lib/server/auth/authenticate';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_REUSE_GRACE_MS,
  createOpaqueToken,
  hashOpaqueToken,
  signAccessToken,
} from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db/client';
import { refreshTokens, sessions, users } from '@/lib/server/db/schema';
import { revokeSession } from './revoke-session';

/**
 * Rotates a refresh token. Presenting a token that was already used (after a short grace for
 * parallel requests of the same browser) means it was stolen: the whole session ends.
 */
export async function refreshSession(refreshToken: string): Promise<TokenResponse> {
  const db = await getDb();
  const [row] = await db
    .select({
      tokenId: refreshTokens.id,
      usedAt: refreshTokens.usedAt,
      sessionId: sessions.id,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userStatus: users.status,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)))
    .limit(1);
  if (!row || !isSessionLive(row)) throw unauthorized();

  const reused = row.usedAt !== null && Date.now() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_MS;
  if (reused) {
    await revokeSession(row.sessionId, 'refresh_token_reuse');
    throw unauthorized();
  }

  const next = createOpaqueToken();
  await db.transaction(async (tx) => {
    // A parallel refresh of the same token may have marked it first: that is within the grace.
    await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.tokenId), isNull(refreshTokens.usedAt)));
    await tx.insert(refreshTokens).values({ sessionId: row.sessionId, tokenHash: next.hash });
    await tx.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  });
  return {
    id_token: await signAccessToken(row.userId, row.sessionId),
    refresh_token: next.token,
    expires_in: ACCESS_TOKEN_SECONDS,
    token_type: 'Bearer',
  };
}
