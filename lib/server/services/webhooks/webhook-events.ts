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
 * The CTEs that enqueue a change's event, for the statement that records it (so the event commits
 * or rolls back with the change): one message per enabled endpoint that subscribed to it, and one
 * delivery job per message. When no endpoint wants the event (one look-up of the small endpoints table, in the
 * same transaction), the statement stays as it was and names no job table.
 */
export async function webhookEnqueueCtes(tx: DbOrTx, change: ChangeForWebhook): Promise<SQL[]> {
  const event = webhookEventOf(change);
  if (!event) return [];
  const [wanted] = await rowsOf<{ wanted: boolean }>(
    tx,
    sql`select exists (select 1 from webhook_endpoints where enabled and ${event} = any(events)) as wanted`,
  );
  if (!wanted?.wanted) return [];
  const payload = JSON.stringify(webhookPayload(event, change));
  return [
    sql`webhook_queued as (insert into webhook_messages (endpoint_id, event, payload)
      select e.id, ${event}, ${payload}::jsonb from webhook_endpoints e
      where e.enabled and ${event} = any(e.events) returning id)`,
    sql`webhook_jobs as (${insertJobPerRowSql(QUEUE.webhook, 'webhook_queued', 'messageId')})`,
  ];
}
