import 'server-only';
import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { rowsOf } from '@/lib/server/db/rows';
import { changes, changesMac, historyPersonalValues, type ChangeField } from '@/lib/server/db/schema';
import { insertJobSql } from '@/lib/server/jobs/job-row';
import type { QueueName } from '@/lib/server/jobs/queues';
import { webhookEnqueueCtes } from '@/lib/server/services/webhooks/webhook-events';
import { userLabel } from './change-fields';
import { auditChainKeys } from './chain-keys';
import { type ChainKeys, entryMac, valueMac } from './keyed';
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
 * history is written if and only if the change is. The actor's label as it is now goes to the
 * personal values (erasure blanks it) in the same statement; the entry's MAC under AUDIT_CHAIN_KEY
 * (keyed.ts) follows in a second one, once the trigger has linked the entry.
 */
export async function recordChange(tx: DbOrTx, change: ChangeRecord): Promise<string> {
  const keys = auditChainKeys();
  const personId = change.personId ?? (change.entityType === 'user' ? change.entityId : null);
  const fields = await personalFields(
    tx,
    keys,
    change.entityType === 'user' ? change.entityId : null,
    change.fields ?? [],
  );
  // The actor as they are named now, kept by reference (a later rename does not rewrite who did what).
  const label =
    change.actor && !change.actor.apiKey
      ? { id: randomUUID(), personId: change.actor.id, value: userLabel(change.actor) }
      : null;
  const insert = tx
    .insert(changes)
    .values({
      ...actorColumns(change.actor, label),
      entityType: change.entityType,
      entityId: change.entityId,
      entityLabel: personId ? personRef(personId) : change.entityLabel,
      accountId: change.accountId ?? null,
      action: change.action,
      fields,
      approvalId: change.approvalId ?? null,
    })
    .returning({
      id: changes.id,
      chain: sql<string>`${changes.chain}::text`.as('chain'),
      seq: sql<string>`${changes.seq}::text`.as('seq'),
      hash: sql<string>`encode(${changes.hash}, 'hex')`.as('hash'),
    });
  const ctes: SQL[] = [];
  if (label) {
    const labelMac = valueMac(keys, label.id, label.personId, label.value);
    ctes.push(
      sql`label as (${tx
        .insert(historyPersonalValues)
        .values({ ...label, mac: labelMac })
        .getSQL()})`,
    );
  }
  // Jobs the change starts ride on the statement that writes it: its own job, and its webhook event.
  if (change.job) ctes.push(sql`queued as (${insertJobSql(change.job.queue, change.job.data)})`);
  ctes.push(...(await webhookEnqueueCtes(tx, change)));
  const [row] =
    ctes.length > 0
      ? await rowsOf<{ id: string; chain: string; seq: string; hash: string }>(
          tx,
          sql`with ${sql.join(ctes, sql`, `)} ${insert.getSQL()}`,
        )
      : await insert;
  if (!row) throw new Error('recordChange: insert returned no row');
  await tx
    .insert(changesMac)
    .values({ changeId: row.id, mac: entryMac(keys, Number(row.chain), Number(row.seq), row.hash) });
  return row.id;
}

function actorColumns(actor: ChangeRecord['actor'], label: { id: string; personId: string } | null) {
  if (actor?.apiKey) return { actorId: null, actorLabel: actor.apiKey.name, actorType: 'api_key' as const };
  // People by reference (personal-refs.ts): erasure then changes no history row.
  return { actorId: actor?.id ?? null, actorLabel: label ? valueRef(label.personId, label.id) : 'System' };
}

/** A user's name, e-mail and phone values go to `history_personal_values`; the entry keeps references. */
async function personalFields(
  tx: DbOrTx,
  keys: ChainKeys,
  personId: string | null,
  fields: ChangeField[],
): Promise<ChangeField[]> {
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
  const ids = new Map(values.map((value) => [value, randomUUID()]));
  await tx.insert(historyPersonalValues).values(
    values.map((value) => ({
      id: ids.get(value)!,
      personId,
      value,
      mac: valueMac(keys, ids.get(value)!, personId, value),
    })),
  );
  const ref = (value: unknown) => (isPersonal(value) ? valueRef(personId, ids.get(value) ?? '') : value);
  return redacted.map((entry) =>
    PERSONAL_FIELDS.has(entry.field)
      ? { field: entry.field, before: ref(entry.before), after: ref(entry.after) }
      : entry,
  );
}
