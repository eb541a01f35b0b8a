import 'server-only';
import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { accounts, tasks, whitelistEntries } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/types';
import { isUniqueViolation } from '@/lib/server/db/database-errors';
import { recordChange } from '@/lib/server/history/record-change';
import { invalidField, notFound } from '@/lib/server/http/api-error';
import { assertMayRestore, assertNotPurged, dateOf, dropDeleted, takeDeleted, type TrashType } from './deleted-records';

type TaskInsert = typeof tasks.$inferInsert;
type WhitelistInsert = typeof whitelistEntries.$inferInsert;

const TABLES = { task: tasks, whitelist_entry: whitelistEntries } as const;
const NAMES: Record<TrashType, string> = { task: 'Aufgabe', whitelist_entry: 'Whitelist-Eintrag' };

/** The account a restored record belongs to must still take writes (not archived). */
async function assertAccountWritable(tx: Tx, accountId: unknown): Promise<void> {
  if (typeof accountId !== 'string') return;
  const [account] = await tx
    .select({ status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('share')
    .limit(1);
  if (!account || account.status === 'archived') throw invalidField('accountId', 'restoreAccountArchived');
}

/**
 * `POST /tasks/{id}/restore/` and `POST /whitelist/{id}/restore/` (issue 51): the deleted record
 * back as it was, its version one higher, with a `restore` entry in the history. Refused after the
 * window (422), when its account was archived since (422) or, for a whitelist entry, when the same
 * value was entered again meanwhile (422); 404 for an id never deleted or purged and unknown.
 */
export async function restoreDeleted(actor: Actor, entityType: TrashType, id: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const kept = await takeDeleted(tx, entityType, id);
    if (!kept) {
      const table = TABLES[entityType];
      const [live] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
      if (live && actor.role !== 'manager' && actor.role !== 'distributor') {
        throw invalidField('id', 'restoreNotDeleted');
      }
      await assertNotPurged(tx, actor, entityType, id);
      throw notFound(NAMES[entityType]);
    }
    assertMayRestore(actor, kept);
    const data = kept.data;
    await assertAccountWritable(tx, data.accountId);
    const common = {
      version: Number(data.version ?? 1) + 1,
      createdAt: dateOf(data.createdAt) ?? new Date(),
      updatedAt: new Date(),
    };
    try {
      if (entityType === 'task') {
        await tx.insert(tasks).values({
          ...(data as unknown as TaskInsert),
          ...common,
          completedAt: dateOf(data.completedAt),
        });
      } else {
        // A savepoint: a duplicate value must not spoil the transaction before the refusal.
        await tx.transaction((inner) =>
          inner.insert(whitelistEntries).values({ ...(data as unknown as WhitelistInsert), ...common }),
        );
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('value', 'restoreDuplicate');
      throw error;
    }
    await dropDeleted(tx, id);
    await recordChange(tx, {
      actor,
      entityType,
      entityId: id,
      entityLabel: kept.label,
      accountId: kept.accountId,
      action: 'restore',
      fields: [{ field: 'deletedAt', before: kept.deletedAt.toISOString(), after: null }],
    });
  });
}
