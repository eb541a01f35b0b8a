import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ChangeField } from '@/lib/server/db/schema';
import { diffFields, recordChange, type ChangeRecord } from '@/lib/server/history/record-change';
import type { ApiError } from '@/lib/server/http/api-error';
import type { Tx } from './types';

/**
 * The version a write builds on: the one the client saw, or `current` for whatever the row has when
 * it is locked (a bulk row sent without one: "change it as it is now", without reading it first).
 */
export type ExpectedVersion = number | 'current';

/** Whether the locked row's version is not the one the write builds on (→ 409). */
export function isStale(version: number, expected: ExpectedVersion): boolean {
  return expected !== 'current' && version !== expected;
}

/** A table whose rows carry the optimistic-locking `version` and an `updatedAt`. */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/** What every write of a versioned row sets besides its own fields: the next version, the time. */
export function nextVersion(table: VersionedTable): { version: SQL; updatedAt: SQL } {
  return { version: sql`${table.version} + 1`, updatedAt: sql`now()` };
}

export interface VersionedUpdate<T extends VersionedTable, Row extends { id: string; version: number }> {
  table: T;
  /** The row as read (and locked) in this transaction. */
  current: Row;
  /** The version the client claims to change (If-Match or the body's `version`), or `current`. */
  expectedVersion: ExpectedVersion;
  /** The fields the caller asks to set; only those that differ from `current` are written. */
  changes: Partial<Record<keyof Row & string, unknown>>;
  /** 409 with the record as it is now, so the client can show what changed. */
  conflict: () => Promise<ApiError>;
  /** Who and what the history entry names, from the updated row. */
  history: (updated: Row) => Omit<ChangeRecord, 'action' | 'fields'>;
}

/**
 * The one way a versioned record is updated (SPEC §5): refuse a stale `expectedVersion` with 409,
 * write only the fields that differ with `UPDATE … WHERE version = expected` so that of many
 * parallel writers exactly one wins, and append the history entry in the same transaction.
 * Answers the updated row (`current` when nothing differed) and the changed fields.
 */
export async function updateVersioned<T extends VersionedTable, Row extends { id: string; version: number }>(
  tx: Tx,
  { table, current, expectedVersion, changes, conflict, history }: VersionedUpdate<T, Row>,
): Promise<{ row: Row; fields: ChangeField[] }> {
  if (isStale(current.version, expectedVersion)) throw await conflict();
  const fields = diffFields(current as Record<string, unknown>, changes);
  if (fields.length === 0) return { row: current, fields };

  const set = Object.fromEntries(fields.map(({ field }) => [field, changes[field as keyof typeof changes]]));
  const [row] = (await tx
    .update(table)
    .set({ ...set, ...nextVersion(table) } as never)
    .where(and(eq(table.id, current.id), eq(table.version, current.version)))
    .returning()) as Row[];
  // Someone else wrote between our read and this update: theirs stands, ours is refused.
  if (!row) throw await conflict();
  await recordChange(tx, { ...history(row), action: 'update', fields });
  return { row, fields };
}
