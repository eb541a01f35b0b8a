import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { oneTimeTokens } from '@/lib/server/db/schema';
import { createOpaqueToken, hashOpaqueToken } from '@/lib/server/auth/tokens';
import { ApiError } from '@/lib/server/http/api-error';

export type TokenPurpose = (typeof oneTimeTokens.$inferInsert)['purpose'];

/** How long each kind of link stays valid (SPEC §3). */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  activation: 72 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  email_confirmation: 24 * 60 * 60 * 1000,
};

/** Why a link no longer works; the page says so and offers a new one. */
export type TokenProblem = 'invalid' | 'expired' | 'used';

export const tokenProblem = (problem: TokenProblem) =>
  new ApiError('bad_request', 'Der Link ist ungültig, abgelaufen oder wurde bereits verwendet.', {
    details: [{ path: 'token', message: problem }],
  });

/**
 * Issues a random single-use token (only its hash is stored). Earlier unused tokens of the same
 * purpose for the user stop working, so only the newest mail's link is valid.
 */
export async function issueOneTimeToken(
  tx: DbOrTx,
  input: { userId: string; purpose: TokenPurpose; payload?: Record<string, unknown> },
): Promise<string> {
  const now = new Date();
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, input.userId),
        eq(oneTimeTokens.purpose, input.purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const { token, hash } = createOpaqueToken();
  await tx.insert(oneTimeTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hash,
    payload: input.payload ?? {},
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.purpose]),
  });
  return token;
}

/**
 * Uses up a token inside the caller's transaction: answers its user and payload, or refuses with
 * `tokenProblem` (invalid, expired or used). The conditional update makes a double use impossible
 * even when two requests race.
 */
export async function consumeOneTimeToken(
  tx: DbOrTx,
  input: { token: string; purpose: TokenPurpose },
): Promise<{ userId: string; payload: Record<string, unknown> }> {
  const hash = hashOpaqueToken(input.token);
  const [row] = await tx
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hash), eq(oneTimeTokens.purpose, input.purpose)))
    .limit(1);
  if (!row) throw tokenProblem('invalid');
  if (row.usedAt) throw tokenProblem('used');
  if (row.expiresAt.getTime() <= Date.now()) throw tokenProblem('expired');
  const [used] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  if (!used) throw tokenProblem('used');
  return { userId: row.userId, payload: row.payload };
}
