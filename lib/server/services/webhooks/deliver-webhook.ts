import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { getEnv } from '@/lib/env';
import { decryptSecret } from '@/lib/server/auth/mfa-crypto';
import { getDb } from '@/lib/server/db/client';
import { users, webhookAttempts, webhookEndpoints, webhookMessages } from '@/lib/server/db/schema';
import { userLabel } from '@/lib/server/history/change-fields';
import { sendMail } from '@/lib/server/mail/send-mail';
import { resolveDeliveryAddress } from './address-guard';
import { signWebhook } from './webhook-signature';

export const DELIVERY_TIMEOUT_MS = 10_000;
/** At most this much of an answer's body is kept in the delivery log. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** An endpoint failing this long (no success in between) is disabled. */
export const DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string;
}

/**
 * One POST to the endpoint: the host resolved now and checked (address-guard.ts), the connection
 * made to that checked address (no second lookup a DNS answer could change), 10 s in all, no
 * redirect followed (a 3xx is a failure), at most 64 KB of the answer read.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate = getEnv().WEBHOOK_ALLOW_PRIVATE_NETWORKS,
): Promise<AttemptResult> {
  const started = Date.now();
  const finish = (statusCode: number | null, error: string | null, responseBody = ''): AttemptResult => ({
    statusCode,
    error,
    durationMs: Date.now() - started,
    responseBody,
  });
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'https:' && !(allowPrivate && target.protocol === 'http:')) {
      return finish(null, 'only https:// URLs receive webhooks');
    }
  } catch {
    return finish(null, 'invalid URL');
  }
  let resolved: { address: string; family: 4 | 6 };
  try {
    resolved = await resolveDeliveryAddress(target.hostname, allowPrivate);
  } catch (error) {
    return finish(null, error instanceof Error ? error.message : String(error));
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address: resolved.address, family: resolved.family }]);
    else callback(null, resolved.address, resolved.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_RESPONSE_BYTES) chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
          size += chunk.length;
          if (size >= MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () => {
          clearTimeout(overall);
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? null;
          const redirect = status !== null && status >= 300 && status < 400;
          resolve(
            finish(status, redirect ? `redirect to ${response.headers.location ?? '?'} not followed` : null, text),
          );
        };
        response.on('end', done);
        response.on('close', done);
      },
    );
    const overall = setTimeout(() => request.destroy(new Error('timeout after 10 s')), DELIVERY_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('timeout after 10 s')));
    request.on('error', (error) => {
      clearTimeout(overall);
      resolve(finish(null, error.message));
    });
    request.end(body);
  });
}

const isSuccess = (result: AttemptResult) =>
  result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/**
 * The `webhook` job: delivers one message. A failure is logged and thrown, so the queue retries it
 * with backoff; a message delivered once is never sent again by a retry. An endpoint that has not
 * succeeded for 24 hours is disabled, and administrators are told.
 */
export async function deliverWebhook(messageId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ message: webhookMessages, endpoint: webhookEndpoints })
    .from(webhookMessages)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
    .where(eq(webhookMessages.id, messageId));
  if (!row || row.message.status === 'delivered') return;
  if (!row.endpoint.enabled) {
    await db.update(webhookMessages).set({ status: 'failed' }).where(eq(webhookMessages.id, messageId));
    return;
  }
  const body = JSON.stringify(row.message.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const secret = decryptSecret(row.endpoint.secretEncrypted);
  const result = await postWebhook(
    row.endpoint.url,
    {
      'content-type': 'application/json',
      'user-agent': 'benefits-webhooks/1',
      'webhook-id': `msg_${messageId}`,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, `msg_${messageId}`, timestamp, body),
    },
    body,
  );
  await db.insert(webhookAttempts).values({ messageId, ...result });
  if (isSuccess(result)) {
    await db
      .update(webhookMessages)
      .set({ status: 'delivered', deliveredAt: new Date(), attempts: sql`${webhookMessages.attempts} + 1` })
      .where(eq(webhookMessages.id, messageId));
    await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, row.endpoint.id));
    return;
  }
  await db
    .update(webhookMessages)
    .set({ attempts: sql`${webhookMessages.attempts} + 1` })
    .where(eq(webhookMessages.id, messageId));
  await db
    .update(webhookEndpoints)
    .set({ failingSince: new Date() })
    .where(and(eq(webhookEndpoints.id, row.endpoint.id), isNull(webhookEndpoints.failingSince)));
  const disabled = await disableIfFailingForADay(row.endpoint.id);
  if (disabled) return;
  throw new Error(`webhook ${messageId}: ${result.error ?? `answered ${result.statusCode}`}`);
}

/**
 * Disables an endpoint without a success for 24 hours and tells every active administrator by mail,
 * in one transaction (the mails are queued with the change). Answers whether it did.
 */
async function disableIfFailingForADay(endpointId: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: new Date() })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          eq(webhookEndpoints.enabled, true),
          lt(webhookEndpoints.failingSince, new Date(Date.now() - DISABLE_AFTER_MS)),
        ),
      )
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!disabled) return false;
    console.warn(`[webhooks] endpoint ${disabled.id} disabled after 24 hours of failures`);
    const admins = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, locale: users.locale })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    for (const admin of admins) {
      const title =
        admin.locale === 'en'
          ? `Webhook ${disabled.url} was disabled after 24 hours of failed deliveries.`
          : `Der Webhook ${disabled.url} wurde nach 24 Stunden fehlgeschlagener Zustellungen deaktiviert.`;
      await sendMail(
        { to: admin.email, locale: admin.locale, template: 'notification', name: userLabel(admin), items: [title] },
        tx,
      );
    }
    return true;
  });
}
