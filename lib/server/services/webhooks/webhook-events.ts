import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@/lib/schemas/webhook';
import { rowsOf } from '@/lib/server/db/rows';
import type { DbOrTx } from '@/lib/server/db/types';
import { insertJobPerRowSql } from '@/lib/server/jobs/job-row';
import { QUEUE } from '@/lib/server/jobs/queues';

/** What of a history entry a webhook needs: the change recordChange writes. */
export interface ChangeForWebhook {
  entityType: string;
  entityId: string;
  accountId?: string | null;
  action: string;
  fields?: { field: string; before: unknown; after: unknown }[];
  approvalId?: string | null;
}

/** The event a change is, if any: one rule for every service (they all record their changes). */
export function webhookEventOf(change: ChangeForWebhook): WebhookEvent | null {
  const statusAfter = change.fields?.find((entry) => entry.field === 'status')?.after;
  switch (change.entityType) {
    case 'account':
      if (change.action === 'create') return 'account.created';
      if (change.action === 'status_change') return 'account.status_changed';
      return change.action === 'update' ? 'account.updated' : null;
    case 'user':
      if (change.action === 'create') return 'user.invited';
      if (change.action === 'status_change' && statusAfter === 'active') return 'user.activated';
      if (change.action === 'status_change' && statusAfter === 'deactivated') return 'user.deactivated';
      return change.action === 'update' || change.action === 'status_change' ? 'user.updated' : null;
    case 'whitelist_entry':
      // The CSV import records one entry with the counts, under an id of its own.
      if (change.action === 'create' && change.fields?.some((entry) => entry.field === 'imported')) {
        return 'whitelist.imported';
      }
      if (change.action === 'create') return 'whitelist.entry.created';
      if (change.action === 'delete') return 'whitelist.entry.deleted';
      return change.action === 'update' ? 'whitelist.entry.updated' : null;
    case 'approval':
      if (change.action === 'create') return 'approval.requested';
      return change.action === 'approve' || change.action === 'reject' ? 'approval.decided' : null;
    case 'document':
      return change.action === 'upload' || change.action === 'create' ? 'document.uploaded' : null;
    default:
      return null;
  }
}

/** Field values a receiver needs without personal data: states, counts and ids, never names or addresses. */
const SHAREABLE_FIELDS = new Set([
  'status',
  'kind',
  'validUntil',
  'rows',
  'imported',
  'duplicates',
  'role',
  'decision',
]);

/**
 * The payload: ids, the event and its time, and the non-personal fields that changed. Receivers
 * read the rest with an API key, so no person's data is copied into a queue or a delivery log.
 */
export function webhookPayload(event: WebhookEvent, change: ChangeForWebhook, at = new Date()) {
  const changes = Object.fromEntries(
    (change.fields ?? [])
      .filter((entry) => SHAREABLE_FIELDS.has(entry.field))
      .map((entry) => [entry.field, { before: entry.before, after: entry.after }]),
  );
  return {
    type: event,
    timestamp: at.toISOString(),
    data: {
      id: change.entityId,
      entityType: change.entityType,
      accountId: change.accountId ?? null,
      ...(change.approvalId ? { approvalId: change.approvalId } : {}),
      changes,
    },
  };
}

/**
 * The CTEs that enqueue the events of the changes one statement records (so the events commit or
 * roll back with the changes): per event among them one look-up of the small endpoints table, in
 * the same transaction, and when an enabled endpoint subscribed to it, one CTE writing a message per
 * such endpoint and change (`webhook_queued`, `webhook_queued_1` …) and one writing a delivery job
 * per message (`webhook_jobs`, `webhook_jobs_1` …). When no endpoint wants any of the events, the
 * statement stays as it was and names no job table.
 */
export async function webhookEnqueueCtes(tx: DbOrTx, changes: readonly ChangeForWebhook[]): Promise<SQL[]> {
  const byEvent = new Map<WebhookEvent, ChangeForWebhook[]>();
  for (const change of changes) {
    const event = webhookEventOf(change);
    if (!event) continue;
    const list = byEvent.get(event);
    if (list) list.push(change);
    else byEvent.set(event, [change]);
  }
  const ctes: SQL[] = [];
  for (const [event, list] of byEvent) {
    const [wanted] = await rowsOf<{ wanted: boolean }>(
      tx,
      sql`select exists (select 1 from webhook_endpoints where enabled and ${event} = any(events)) as wanted`,
    );
    if (!wanted?.wanted) continue;
    const suffix = ctes.length === 0 ? '' : `_${ctes.length / 2}`;
    const payloads = JSON.stringify(list.map((change) => webhookPayload(event, change)));
    ctes.push(
      sql`${sql.identifier(`webhook_queued${suffix}`)} as (insert into webhook_messages (endpoint_id, event, payload)
        select e.id, ${event}, p.payload from webhook_endpoints e
          cross join jsonb_array_elements(${payloads}::jsonb) as p(payload)
        where e.enabled and ${event} = any(e.events) returning id)`,
      sql`${sql.identifier(`webhook_jobs${suffix}`)} as (${insertJobPerRowSql(QUEUE.webhook, `webhook_queued${suffix}`, 'messageId')})`,
    );
  }
  return ctes;
}
