import 'server-only';
import { desc, eq, inArray } from 'drizzle-orm';
import type { WebhookEndpoint, WebhookMessage } from '@/lib/schemas/webhook';
import type { DbOrTx } from '@/lib/server/db/types';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '@/lib/server/db/schema';
import { notFound } from '@/lib/server/http/api-error';

/** The delivery log shows the latest messages of an endpoint. */
export const MESSAGES_PER_PAGE = 100;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export const toWebhookEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function requireWebhookEndpoint(db: DbOrTx, id: string): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound('Webhook');
  return row;
}

const entityIdOf = (payload: Record<string, unknown>) => {
  const data = payload.data as { id?: unknown } | undefined;
  return typeof data?.id === 'string' ? data.id : null;
};

/** An endpoint's latest messages with every attempt, newest first. */
export async function loadWebhookMessages(db: DbOrTx, endpointId: string): Promise<WebhookMessage[]> {
  const messages = await db
    .select()
    .from(webhookMessages)
    .where(eq(webhookMessages.endpointId, endpointId))
    .orderBy(desc(webhookMessages.createdAt))
    .limit(MESSAGES_PER_PAGE);
  if (messages.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.messageId,
        messages.map((message) => message.id),
      ),
    )
    .orderBy(webhookAttempts.at);
  return messages.map((message) => ({
    id: message.id,
    event: message.event,
    entityId: entityIdOf(message.payload),
    status: message.status,
    createdAt: message.createdAt.toISOString(),
    deliveredAt: message.deliveredAt?.toISOString() ?? null,
    attempts: attempts
      .filter((attempt) => attempt.messageId === message.id)
      .map((attempt) => ({
        at: attempt.at.toISOString(),
        statusCode: attempt.statusCode,
        error: attempt.error,
        durationMs: attempt.durationMs,
        responseBody: attempt.responseBody,
      })),
  }));
}
