import 'server-only';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { SessionInfo } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { IDLE_TIMEOUT_MS } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db/client';
import { sessions } from '@/lib/server/db/schema';

/** A session that still works: not ended, not past 12 hours, not idle for an hour (SPEC §4). */
export const liveSession = (now = Date.now()) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date(now)),
    gt(sessions.lastSeenAt, new Date(now - IDLE_TIMEOUT_MS)),
  );

/** `GET /profile/sessions`: the caller's live sessions, newest first, the current one marked. */
export async function findSessions(actor: Actor): Promise<{ items: SessionInfo[] }> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), liveSession()))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      userAgent: row.userAgent,
      ip: row.ip,
      isCurrent: row.id === actor.sessionId,
    })),
  };
}
