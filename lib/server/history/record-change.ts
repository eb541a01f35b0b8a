import 'server-only';
import type { DbOrTx } from '@/lib/server/db/types';
import { changes, type ChangeField } from '@/lib/server/db/schema';
import { userLabel } from './change-fields';

type ChangeInsert = typeof changes.$inferInsert;

export interface ChangeRecord {
  actor: { id: string; firstName: string; lastName: string; email: string } | null;
  entityType: ChangeInsert['entityType'];
  entityId: string;
  entityLabel: string;
  accountId?: string | null;
  action: ChangeInsert['action'];
  fields?: ChangeField[];
  approvalId?: string | null;
}

/** Fields whose values never enter the history; only the fact that they changed does. */
const SECRET_FIELDS = new Set([
  'password',
  'passwordHash',
  'token',
  'tokenHash',
  'content',
  'refreshToken',
  'secret',
  'secretEncrypted',
  'code',
  'recoveryCodes',
]);
export const SECRET_PLACEHOLDER = 'geändert';

export function redactFields(fields: ChangeField[]): ChangeField[] {
  return fields.map((entry) =>
    SECRET_FIELDS.has(entry.field)
      ? { field: entry.field === 'passwordHash' ? 'password' : entry.field, before: null, after: SECRET_PLACEHOLDER }
      : entry,
  );
}

/** Field-by-field difference of two records, for the history's Feld / Vorher / Nachher table. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): ChangeField[] {
  const result: ChangeField[] = [];
  for (const key of Object.keys(after)) {
    const previous = before[key] ?? null;
    const next = after[key] ?? null;
    if (JSON.stringify(previous) !== JSON.stringify(next)) result.push({ field: key, before: previous, after: next });
  }
  return result;
}

/**
 * Appends one entry to the change history. Pass the transaction that makes the change, so the
 * history is written if and only if the change is.
 */
export async function recordChange(tx: DbOrTx, change: ChangeRecord): Promise<string> {
  const actorLabel = change.actor ? userLabel(change.actor) : 'System';
  const [row] = await tx
    .insert(changes)
    .values({
      actorId: change.actor?.id ?? null,
      actorLabel,
      entityType: change.entityType,
      entityId: change.entityId,
      entityLabel: change.entityLabel,
      accountId: change.accountId ?? null,
      action: change.action,
      fields: redactFields(change.fields ?? []),
      approvalId: change.approvalId ?? null,
    })
    .returning({ id: changes.id });
  if (!row) throw new Error('recordChange: insert returned no row');
  return row.id;
}
