import 'server-only';
import { setImmediate } from 'node:timers/promises';
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { deletedRecords, documentVersions, documents } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { log } from '@/lib/server/observability';
import { restoreWindowMs } from './deleted-records';

/** Records per transaction (each with its history entry). */
const BATCH = 50;

/**
 * The daily purge (issue 51): deleted tasks and whitelist entries, and soft-deleted documents with
 * their versions and file chunks, whose restore window (RESTORE_WINDOW_DAYS) has passed, removed for
 * good — each with a `purge` entry in the history, written by the system. In batches, yielding between
 * them. Returns how many records were purged.
 */
export async function purgeDeleted(now = new Date()): Promise<number> {
  const db = await getDb();
  const before = new Date(now.getTime() - restoreWindowMs());
  let purged = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(deletedRecords)
        .where(lt(deletedRecords.deletedAt, before))
        .orderBy(deletedRecords.deletedAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        await tx.delete(deletedRecords).where(eq(deletedRecords.id, row.id));
        await recordChange(tx, {
          actor: null,
          entityType: row.entityType,
          entityId: row.id,
          entityLabel: row.label,
          accountId: row.accountId,
          action: 'purge',
          fields: [{ field: 'deletedAt', before: row.deletedAt.toISOString(), after: null }],
        });
      }
      return rows.length;
    });
    purged += done;
    if (done < BATCH) break;
    await setImmediate();
  }
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: documents.id,
          title: documents.title,
          accountId: documents.accountId,
          deletedAt: documents.deletedAt,
        })
        .from(documents)
        .where(and(isNotNull(documents.deletedAt), lt(documents.deletedAt, before)))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => row.id);
      // The chunks follow their versions (ON DELETE CASCADE).
      await tx.delete(documentVersions).where(inArray(documentVersions.documentId, ids));
      await tx.delete(documents).where(inArray(documents.id, ids));
      for (const row of rows) {
        await recordChange(tx, {
          actor: null,
          entityType: 'document',
          entityId: row.id,
          entityLabel: row.title,
          accountId: row.accountId,
          action: 'purge',
          fields: [{ field: 'deletedAt', before: row.deletedAt?.toISOString() ?? null, after: null }],
        });
      }
      return rows.length;
    });
    purged += done;
    if (done < BATCH) break;
    await setImmediate();
  }
  if (purged > 0) log().info(`[jobs] purge: ${purged} deleted record(s) removed for good`);
  return purged;
}
