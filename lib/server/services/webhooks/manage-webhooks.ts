import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getEnv } from '@/lib/env';
import {
  webhookEndpointCreateSchema,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookMessage,
} from '@/lib/schemas/webhook';
import type { Actor } from '@/lib/server/auth/actor';
import { encryptSecret } from '@/lib/server/auth/mfa-crypto';
import { getDb } from '@/lib/server/db/client';
import { webhookEndpoints, webhookMessages } from '@/lib/server/db/schema';
import { ApiError, invalidField, notFound } from '@/lib/server/http/api-error';
import { enqueue } from '@/lib/server/jobs/boss';
import { QUEUE } from '@/lib/server/jobs/queues';
import { requireKeyAdministrator } from '@/lib/server/services/api-keys/api-key-record';
import { createWebhookSecret } from './webhook-signature';
import { loadWebhookMessages, requireWebhookEndpoint, toWebhookEndpoint } from './webhook-record';

/** Administrators manage webhooks, as they do API keys (and a key may not). */
const requireWebhookAdministrator = (actor: Actor) => {
  try {
    requireKeyAdministrator(actor);
  } catch {
    throw new ApiError('forbidden', 'Nur Administratoren verwalten Webhooks.');
  }
};

/** `POST /webhooks`: the endpoint and its signing secret, shown this once. */
export async function createWebhookEndpoint(
  actor: Actor,
  input: WebhookEndpointCreate,
): Promise<WebhookEndpoint & { secret: string }> {
  requireWebhookAdministrator(actor);
  const data = webhookEndpointCreateSchema.parse(input);
  if (!data.url.startsWith('https://') && !getEnv().WEBHOOK_ALLOW_PRIVATE_NETWORKS) {
    throw invalidField('url', 'webhookHttpsOnly');
  }
  const secret = createWebhookSecret();
  const db = await getDb();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      url: data.url,
      description: data.description,
      events: [...new Set(data.events)],
      secretEncrypted: encryptSecret(secret),
      createdById: actor.id,
    })
    .returning();
  if (!row) throw new Error('createWebhookEndpoint: insert returned no row');
  return { ...toWebhookEndpoint(row), secret };
}

export async function findWebhookEndpoints(actor: Actor): Promise<{ items: WebhookEndpoint[] }> {
  requireWebhookAdministrator(actor);
  const db = await getDb();
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
  return { items: rows.map(toWebhookEndpoint) };
}

export async function getWebhookEndpoint(actor: Actor, id: string): Promise<WebhookEndpoint> {
  requireWebhookAdministrator(actor);
  return toWebhookEndpoint(await requireWebhookEndpoint(await getDb(), id));
}

/** `DELETE /webhooks/{id}`: the endpoint, its messages and its delivery log. */
export async function deleteWebhookEndpoint(actor: Actor, id: string): Promise<void> {
  requireWebhookAdministrator(actor);
  const db = await getDb();
  const deleted = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound('Webhook');
}

/** `POST /webhooks/{id}/enable`: a disabled endpoint receives again (its failure clock starts anew). */
export async function enableWebhookEndpoint(actor: Actor, id: string): Promise<WebhookEndpoint> {
  requireWebhookAdministrator(actor);
  const db = await getDb();
  await requireWebhookEndpoint(db, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      enabled: true,
      disabledAt: null,
      failingSince: null,
      updatedAt: new Date(),
      version: sql`${webhookEndpoints.version} + 1`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return toWebhookEndpoint(row!);
}

/** `GET /webhooks/{id}/messages`: the delivery log (latest 100 messages, every attempt). */
export async function findWebhookMessages(actor: Actor, id: string): Promise<{ items: WebhookMessage[] }> {
  requireWebhookAdministrator(actor);
  const db = await getDb();
  await requireWebhookEndpoint(db, id);
  return { items: await loadWebhookMessages(db, id) };
}

/** `POST /webhooks/{id}/messages/{messageId}/redeliver`: the same message (same webhook-id) once more. */
export async function redeliverWebhookMessage(actor: Actor, id: string, messageId: string): Promise<void> {
  requireWebhookAdministrator(actor);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [message] = await tx
      .update(webhookMessages)
      .set({ status: 'pending', deliveredAt: null })
      .where(and(eq(webhookMessages.id, messageId), eq(webhookMessages.endpointId, id)))
      .returning({ id: webhookMessages.id });
    if (!message) throw notFound('Webhook-Nachricht');
    await enqueue(tx, QUEUE.webhook, { messageId });
  });
}
