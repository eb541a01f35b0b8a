import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';

export async function checkHealth() {
  const time = new Date().toISOString();
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return { status: 'ok' as const, database: 'ok' as const, time };
  } catch (error) {
    console.error('[health] database unavailable', error);
    return { status: 'degraded' as const, database: 'unavailable' as const, time };
  }
}
