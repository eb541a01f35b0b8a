import 'server-only';

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
