import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Change } from '@/lib/schemas/change';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { changes } from '@/lib/server/db/schema';
import { notFound } from '@/lib/server/http/api-error';
import { changeReachFor, toChanges } from './change-list-query';

/** `GET /changes/{id}`: one history entry in reach with its fields (404 otherwise). */
export async function getChange(actor: Actor, id: string): Promise<Change> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(changes)
    .where(and(eq(changes.id, id), changeReachFor(actor)))
    .limit(1);
  if (!row) throw notFound('Änderung');
  const [change] = await toChanges(db, [row]);
  if (!change) throw notFound('Änderung');
  return change;
}
