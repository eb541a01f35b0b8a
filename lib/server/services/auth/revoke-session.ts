import 'server-only';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { getDb } from '@/lib/server/db/client';
import { sessions } from '@/lib/server/db/schema';

export async function revokeSession(sessionId: string, reason: string, tx?: DbOrTx): Promise<void> {
  const db = tx ?? (await getDb());
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user at once, except `keepSessionId` when given. */
export async function revokeUserSessions(
  userId: string,
  reason: string,
  options: { tx?: DbOrTx; keepSessionId?: string } = {},
): Promise<void> {
  const db = options.tx ?? (await getDb());
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (options.keepSessionId) conditions.push(ne(sessions.id, options.keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...conditions));
}
