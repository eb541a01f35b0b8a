import 'server-only';
import type { TokenResponse } from '@/lib/schemas/auth';
import {
  ABSOLUTE_TIMEOUT_MS,
  ACCESS_TOKEN_SECONDS,
  createOpaqueToken,
  signAccessToken,
} from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db/client';
import { refreshTokens, sessions } from '@/lib/server/db/schema';

/** `mfaVerified`: the sign-in passed a second factor, which starts the session's step-up clock. */
export async function startSession(
  userId: string,
  client: { ip: string; userAgent: string },
  options: { mfaVerified?: boolean } = {},
): Promise<TokenResponse> {
  const db = await getDb();
  const refresh = createOpaqueToken();
  const sessionId = await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        userId,
        expiresAt: new Date(Date.now() + ABSOLUTE_TIMEOUT_MS),
        ip: client.ip,
        userAgent: client.userAgent,
        mfaVerifiedAt: options.mfaVerified ? new Date() : null,
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('startSession: insert returned no row');
    await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: refresh.hash });
    return session.id;
  });
  return {
    id_token: await signAccessToken(userId, sessionId),
    refresh_token: refresh.token,
    expires_in: ACCESS_TOKEN_SECONDS,
    token_type: 'Bearer',
  };
}
