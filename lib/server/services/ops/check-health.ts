import 'server-only';
import { log } from '@/lib/server/observability';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { getDb, schema } from '@/lib/server/db/client';
import { classifyDatabaseError, hasRecentStorageFailure } from '@/lib/server/db/database-errors';

/** The readiness check answers within this time, however the database behaves. */
export const READINESS_TIME_LIMIT_MS = 1_000;

/** Liveness: the process answers. It never waits for the database. */
export function checkLiveness() {
  return { status: 'ok' as const, time: new Date().toISOString() };
}

/**
 * Readiness: the database answers and takes a write (one row per host, rewritten), so a full
 * disk or a read-only server is "not ready" too, all within READINESS_TIME_LIMIT_MS. A write of
 * the app that failed for lack of storage counts as well (see noteStorageFailure).
 */
export async function checkReadiness() {
  const time = new Date().toISOString();
  if (hasRecentStorageFailure()) {
    return { status: 'not_ready' as const, database: 'storage_unavailable' as const, time };
  }
  const probe = async () => {
    const db = await getDb();
    await db
      .insert(schema.readinessProbes)
      .values({ instance: hostname() })
      .onConflictDoUpdate({ target: schema.readinessProbes.instance, set: { checkedAt: sql`now()` } });
  };
  let timer: NodeJS.Timeout | undefined;
  const timeLimit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('readiness check timed out'), { code: 'CONNECT_TIMEOUT' })),
      READINESS_TIME_LIMIT_MS,
    );
  });
  try {
    await Promise.race([probe(), timeLimit]);
    return { status: 'ready' as const, database: 'ok' as const, time };
  } catch (error) {
    const isStorage = classifyDatabaseError(error)?.kind === 'storage';
    log().warn(`[health] not ready: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return {
      status: 'not_ready' as const,
      database: isStorage ? ('storage_unavailable' as const) : ('unavailable' as const),
      time,
    };
  } finally {
    clearTimeout(timer);
  }
}
