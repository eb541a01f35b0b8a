import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { sessions } from '@/lib/server/db/schema';
import { notFound } from '@/lib/server/http/api-error';

/**
 * `DELETE /profile/sessions/{id}`: ends one of the caller's sessions (the current one too, which
 * is signing out). Someone else's session, or one already ended, is not found.
 */
export async function endSession(actor: Actor, sessionId: string): Promise<void> {
  const db = await getDb();
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'ended_by_user' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound('Sitzung');
}
