import 'server-only';
import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { rowsOf } from '@/lib/server/db/rows';
import { changes, historyPersonalValues, type ChangeField } from '@/lib/server/db/schema';
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

/** A field whose values the history never holds (only that it changed). */
export const isSecretField = (field: string): boolean => SECRET_FIELDS.has(field);

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
  const [id] = await recordChanges(tx, [change]);
  if (!id) throw new Error('recordChange: insert returned no row');
  return id;
}

/**
 * `recordChange` for many entries at once (an import's accounts, issue 49), in two statements
 * whatever their number: one writes the entries in the given order — the `changes_link` trigger
 * links them one after another, as it links the entries of separate statements — with every actor
 * label, job and webhook event they bring, the next their MACs. Answers their ids in that order.
 * The caller bounds the number per call (a statement's time holds PGlite's thread); `pause` runs
 * between the two statements (to let the event loop run).
 */
export async function recordChanges(
  tx: DbOrTx,
  records: readonly ChangeRecord[],
  pause: () => Promise<void> = async () => undefined,
): Promise<string[]> {
  if (records.length === 0) return [];
  const keys = auditChainKeys();
  const entries: Record<string, unknown>[] = [];
  const labels: { id: string; person_id: string; value: string; mac: string }[] = [];
  const ctes: SQL[] = [];
  for (const change of records) {
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
    if (label) {
      const mac = valueMac(keys, label.id, label.personId, label.value).toString('hex');
      labels.push({ id: label.id, person_id: label.personId, value: label.value, mac });
    }
    // Jobs the changes start ride on the statement that writes them.
    if (change.job) {
      const name = ctes.length === 0 ? 'queued' : `queued_${ctes.length}`;
      ctes.push(sql`${sql.identifier(name)} as (${insertJobSql(change.job.queue, change.job.data)})`);
    }
    const actorColumn = actorColumns(change.actor, label);
    entries.push({
      id: randomUUID(),
      actor_id: actorColumn.actorId,
      actor_label: actorColumn.actorLabel,
      actor_type: actorColumn.actorType,
      entity_type: change.entityType,
      entity_id: change.entityId,
      entity_label: personId ? personRef(personId) : change.entityLabel,
      account_id: change.accountId ?? null,
      action: change.action,
      fields,
      approval_id: change.approvalId ?? null,
    });
  }
  if (labels.length > 0) {
    ctes.unshift(sql`label as (insert into history_personal_values (id, person_id, value, mac)
      select r.id, r.person_id, r.value, decode(r.mac, 'hex')
      from jsonb_to_recordset(${JSON.stringify(labels)}::jsonb) as r(id uuid, person_id uuid, value text, mac text))`);
  }
  // And their webhook events.
  ctes.push(...(await webhookEnqueueCtes(tx, records)));
  // One JSON parameter, not a dozen per entry: a statement's parameters cost PGlite (and drizzle's
  // query builder) time per parameter. `chain`, `seq`, `prev_hash` and `hash` are the trigger's.
  const linked = await rowsOf<{ id: string; chain: string; seq: string; hash: string }>(
    tx,
    sql`${ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}insert into changes
        (id, actor_id, actor_label, actor_type, entity_type, entity_id, entity_label, account_id, action, fields, approval_id)
      select r.id, r.actor_id, r.actor_label, r.actor_type, r.entity_type, r.entity_id, r.entity_label, r.account_id,
             r.action, r.fields, r.approval_id
      from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as r(id uuid, actor_id uuid, actor_label text,
        actor_type text, entity_type text, entity_id uuid, entity_label text, account_id uuid, action text,
        fields jsonb, approval_id uuid)
      returning id, chain::text as chain, seq::text as seq, encode(hash, 'hex') as hash`,
  );
  if (linked.length !== entries.length) throw new Error('recordChanges: the insert returned fewer rows');
  await pause();
  const macs = linked.map((row) => ({
    change_id: row.id,
    mac: entryMac(keys, Number(row.chain), Number(row.seq), row.hash).toString('hex'),
  }));
  await tx.execute(sql`insert into changes_mac (change_id, mac)
    select r.change_id, decode(r.mac, 'hex') from jsonb_to_recordset(${JSON.stringify(macs)}::jsonb) as r(change_id uuid, mac text)`);
  return entries.map((entry) => entry.id as string);
}

function actorColumns(actor: ChangeRecord['actor'], label: { id: string; personId: string } | null) {
  if (actor?.apiKey) return { actorId: null, actorLabel: actor.apiKey.name, actorType: 'api_key' as const };
  // People by reference (personal-refs.ts): erasure then changes no history row.
  return {
    actorId: actor?.id ?? null,
    actorLabel: label ? valueRef(label.personId, label.id) : 'System',
    actorType: 'user' as const,
  };
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
