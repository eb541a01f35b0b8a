import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { rowsOf } from '@/lib/server/db/rows';
import { changes, historyPersonalValues, type ChangeField } from '@/lib/server/db/schema';
import { insertJobSql } from '@/lib/server/jobs/job-row';
import type { QueueName } from '@/lib/server/jobs/queues';
import { webhookEnqueueCtes } from '@/lib/server/services/webhooks/webhook-events';
import { PERSONAL_FIELDS, personRef, valueRef } from './personal-refs';

type ChangeInsert = typeof changes.$inferInsert;

export interface ChangeRecord {
  /** `apiKey` set: a machine client's key wrote it, and the entry names the key (issue 48). */
  actor: { id: string; firstName: string; lastName: string; email: string; apiKey?: { name: string } } | null;
  entityType: ChangeInsert['entityType'];
  entityId: string;
  entityLabel: string;
  accountId?: string | null;
  action: ChangeInsert['action'];
  fields?: ChangeField[];
  approvalId?: string | null;
  /**
   * The person the entry is about, if any: the entity label is then stored as a reference to them
   * (a user's entries are about that user without saying so; an approval of a role grant names its user).
   */
  personId?: string | null;
  /**
   * A job the change starts (a notification's fan-out): enqueued by the same statement that writes
   * the entry (`WITH queued AS (INSERT INTO pgboss.job …) INSERT INTO changes …`), so it commits or
   * rolls back with the change and costs no round trip and no statement of its own.
   */
  job?: { queue: QueueName; data: Record<string, unknown> };
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
  const personId = change.personId ?? (change.entityType === 'user' ? change.entityId : null);
  const fields = await personalFields(tx, change.entityType === 'user' ? change.entityId : null, change.fields ?? []);
  const insert = tx
    .insert(changes)
    .values({
      ...actorColumns(change.actor),
      entityType: change.entityType,
      entityId: change.entityId,
      entityLabel: personId ? personRef(personId) : change.entityLabel,
      accountId: change.accountId ?? null,
      action: change.action,
      fields,
      approvalId: change.approvalId ?? null,
    })
    .returning({ id: changes.id });
  // Jobs the change starts ride on the statement that writes it: its own job, and its webhook event.
  const ctes = [
    ...(change.job ? [sql`queued as (${insertJobSql(change.job.queue, change.job.data)})`] : []),
    ...(await webhookEnqueueCtes(tx, change)),
  ];
  const [row] =
    ctes.length > 0
      ? await rowsOf<{ id: string }>(tx, sql`with ${sql.join(ctes, sql`, `)} ${insert.getSQL()}`)
      : await insert;
  if (!row) throw new Error('recordChange: insert returned no row');
  return row.id;
}

function actorColumns(actor: ChangeRecord['actor']) {
  if (actor?.apiKey) return { actorId: null, actorLabel: actor.apiKey.name, actorType: 'api_key' as const };
  // People by reference (personal-refs.ts): erasure then changes no history row.
  return { actorId: actor?.id ?? null, actorLabel: actor ? personRef(actor.id) : 'System' };
}

/** A user's name, e-mail and phone values go to `history_personal_values`; the entry keeps references. */
async function personalFields(tx: DbOrTx, personId: string | null, fields: ChangeField[]): Promise<ChangeField[]> {
  const redacted = redactFields(fields);
  if (!personId) return redacted;
  const isPersonal = (value: unknown): value is string => typeof value === 'string' && value !== '';
  const values = [
    ...new Set(
      redacted
        .filter((entry) => PERSONAL_FIELDS.has(entry.field))
        .flatMap((entry) => [entry.before, entry.after])
        .filter(isPersonal),
    ),
  ];
  if (values.length === 0) return redacted;
  const stored = await tx
    .insert(historyPersonalValues)
    .values(values.map((value) => ({ personId, value })))
    .returning({ id: historyPersonalValues.id, value: historyPersonalValues.value });
  const ids = new Map(stored.map((entry) => [entry.value, entry.id]));
  const ref = (value: unknown) => (isPersonal(value) ? valueRef(personId, ids.get(value) ?? '') : value);
  return redacted.map((entry) =>
    PERSONAL_FIELDS.has(entry.field)
      ? { field: entry.field, before: ref(entry.before), after: ref(entry.after) }
      : entry,
  );
}
