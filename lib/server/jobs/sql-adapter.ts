import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';

/** pg-boss's custom database (its `db` option): one method, node-postgres' result shape. */
export interface BossDb {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

/** pg-boss hands values as node-postgres takes them: plain objects become JSON text. */
export function bossValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !Buffer.isBuffer(value)
  ) {
    return JSON.stringify(value);
  }
  return value;
}

/** `$1 … $n` text with values as a Drizzle query (Drizzle numbers the parameters itself). */
export function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
    } else {
      chunks.push(sql`${bossValue(values[Number(part) - 1])}`);
    }
  });
  return sql.join(chunks, sql.raw(''));
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

/**
 * pg-boss on a transaction of ours: a job sent through it is inserted by the same transaction as
 * the change that causes it, so a rolled-back change enqueues nothing.
 */
export function transactionBossDb(tx: DbOrTx): BossDb {
  return {
    executeSql: async (text, values = []) => ({ rows: rowsOf(await tx.execute(toDrizzleSql(text, values))) }),
  };
}
