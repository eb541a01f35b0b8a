import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getEnv } from '@/lib/env';
import { isStaff } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';
import { changes, deletedRecords } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/types';
import { ApiError, invalidField } from '@/lib/server/http/api-error';

/**
 * Deleted tasks and whitelist entries (issue 51): the row waits in `deleted_records` for the restore
 * window (RESTORE_WINDOW_DAYS); documents keep their own row with `deleted_at`. Who may restore:
 * administrators and the back office for the whole window, and whoever deleted it for a short while
 * after (the "Rückgängig" of the toast, which shows for 10 s).
 */
export const UNDO_SECONDS = 120;

export type TrashType = (typeof deletedRecords.$inferSelect)['entityType'];

export const restoreWindowMs = (): number => getEnv().RESTORE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** The row as JSON for later: its generated columns (the search's folded text) left out. */
export function keepableRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('search')));
}

export async function keepDeleted(
  tx: Tx,
  actor: Pick<Actor, 'id'>,
  entry: { id: string; entityType: TrashType; accountId: string | null; label: string; row: Record<string, unknown> },
): Promise<void> {
  await tx
    .insert(deletedRecords)
    .values({
      id: entry.id,
      entityType: entry.entityType,
      accountId: entry.accountId,
      label: entry.label,
      data: keepableRow(entry.row),
      deletedById: actor.id,
    })
    .onConflictDoUpdate({
      target: deletedRecords.id,
      set: { data: keepableRow(entry.row), deletedAt: sql`now()`, deletedById: actor.id, label: entry.label },
    });
}

/**
 * May the actor restore what was deleted at `deletedAt` by `deletedById`? Refuses after the window
 * (then the purge job removes it) and for anyone but staff or, just after, the one who deleted it.
 */
export function assertMayRestore(
  actor: Pick<Actor, 'id' | 'role'>,
  deleted: { deletedAt: Date; deletedById: string | null },
  now = new Date(),
): void {
  const age = now.getTime() - deleted.deletedAt.getTime();
  if (age > restoreWindowMs()) throw invalidField('id', 'restoreWindowPassed');
  if (isStaff(actor.role)) return;
  if (deleted.deletedById === actor.id && age <= UNDO_SECONDS * 1000) return;
  throw new ApiError('forbidden', 'Gelöschtes stellen Administration und Innendienst wieder her.');
}

/**
 * A record the purge removed for good answers why it cannot come back (422 `restoreWindowPassed`)
 * rather than a bare 404 — to administrators and the back office, who may restore (and see the
 * history); anyone else learns nothing about a record they cannot see.
 */
export async function assertNotPurged(
  tx: Tx,
  actor: Pick<Actor, 'role'>,
  entityType: TrashType | 'document',
  id: string,
): Promise<void> {
  if (!isStaff(actor.role)) return;
  const [purge] = await tx
    .select({ id: changes.id })
    .from(changes)
    .where(and(eq(changes.entityType, entityType), eq(changes.entityId, id), eq(changes.action, 'purge')))
    .limit(1);
  if (purge) throw invalidField('id', 'restoreWindowPassed');
}

/** The kept row, locked (null: not deleted, or purged). */
export async function takeDeleted(tx: Tx, entityType: TrashType, id: string) {
  const [row] = await tx
    .select()
    .from(deletedRecords)
    .where(and(eq(deletedRecords.id, id), eq(deletedRecords.entityType, entityType)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function dropDeleted(tx: Tx, id: string): Promise<void> {
  await tx.delete(deletedRecords).where(eq(deletedRecords.id, id));
}

/** A timestamp of a kept row (JSON text) as a Date again. */
export const dateOf = (value: unknown): Date | null =>
  typeof value === 'string' || value instanceof Date ? new Date(value) : null;
