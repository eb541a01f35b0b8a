/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { openPgliteWithQueues } from '@/test-support/pgboss-pglite';
import * as schema from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { encryptSecret } from '@/lib/server/auth/mfa-crypto';
import { recordChange } from '@/lib/server/history/record-change';
import { deliverWebhook } from './deliver-webhook';
import { createWebhookSecret } from './webhook-signature';

/**
 * Webhook events ride on the history entry's statement (issue 48): a rolled-back change enqueues
 * nothing, a committed one a message and a job per subscribed endpoint. The delivery job sends a
 * delivered message only once, and disables an endpoint failing for 24 hours, telling the
 * administrators by mail. PGlite in memory with pg-boss's schema.
 */
jest.setTimeout(180_000);

jest.mock('jose', () => ({ SignJWT: jest.fn(), jwtVerify: jest.fn() }));
jest.mock('@/lib/env', () => ({
  getEnv: () => ({
    MAIL_RETRY_DELAY_SECONDS: 60,
    MAIL_RETRY_LIMIT: 12,
    WEBHOOK_RETRY_DELAY_SECONDS: 60,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: true,
    MFA_ENCRYPTION_SECRET: 'test-secret-test-secret-test-secret-0123',
    OPERATOR_NAME: 'Test GmbH',
  }),
  appBaseUrl: () => 'https://benefits.test',
  requireSecret: () => 'unused',
}));
jest.mock('@/lib/server/db/client', () => ({ getDb: () => Promise.resolve(db) }));

type PgBoss = InstanceType<typeof import('pg-boss')>;
let client: PGlite;
let db: Db;
let boss: PgBoss;
let admin: typeof schema.users.$inferSelect;
let server: Server;
let receiverUrl = '';
const received: string[] = [];
let answer = 204;

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

async function addEndpoint(values: Partial<typeof schema.webhookEndpoints.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.webhookEndpoints)
    .values({
      url: receiverUrl,
      events: ['whitelist.entry.created'],
      secretEncrypted: encryptSecret(createWebhookSecret()),
      createdById: admin.id,
      ...values,
    })
    .returning();
  return row!;
}

const entryCreated = (accountId: string | null = null) => ({
  actor: admin,
  entityType: 'whitelist_entry' as const,
  entityId: randomUUID(),
  entityLabel: 'example.com',
  accountId,
  action: 'create' as const,
  fields: [{ field: 'value', before: null, after: 'example.com' }],
});

async function messagesOf(endpointId: string) {
  return db.select().from(schema.webhookMessages).where(eq(schema.webhookMessages.endpointId, endpointId));
}

async function webhookJobs() {
  return rowsOf<{ message_id: string }>(
    await db.execute(sql`select data->>'messageId' as message_id from pgboss.job where name = 'webhook'`),
  );
}

beforeAll(async () => {
  ({ client, db, boss } = await openPgliteWithQueues());
  const [row] = await db
    .insert(schema.users)
    .values({ email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin', status: 'active' })
    .returning();
  admin = row!;
  server = createServer((request, response) => {
    received.push(String(request.headers['webhook-id']));
    request.resume();
    response.writeHead(answer).end(answer === 204 ? undefined : 'no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await boss?.stop({ graceful: false, close: false, wait: true });
  await client?.close();
});

beforeEach(async () => {
  received.length = 0;
  answer = 204;
  await db.delete(schema.webhookEndpoints);
});

describe('events in the transaction of the change', () => {
  it('a rolled-back change enqueues nothing; a committed one a message and a job per subscribed endpoint', async () => {
    const subscribed = await addEndpoint();
    const other = await addEndpoint({ events: ['user.invited'] });
    const disabled = await addEndpoint({ enabled: false });
    const jobsBefore = (await webhookJobs()).length;

    await expect(
      db.transaction(async (tx) => {
        await recordChange(tx, entryCreated());
        throw new Error('the change failed after its history entry');
      }),
    ).rejects.toThrow('the change failed');
    expect(await messagesOf(subscribed.id)).toEqual([]);
    expect(await webhookJobs()).toHaveLength(jobsBefore);

    const change = entryCreated();
    await db.transaction((tx) => recordChange(tx, change));
    const [message, ...more] = await messagesOf(subscribed.id);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ event: 'whitelist.entry.created', status: 'pending' });
    expect(message!.payload).toMatchObject({
      type: 'whitelist.entry.created',
      data: { id: change.entityId, entityType: 'whitelist_entry', accountId: null, changes: {} },
    });
    // The entry's value is not in the payload (it may be a person's address).
    expect(JSON.stringify(message!.payload)).not.toContain('example.com');
    expect(await messagesOf(other.id)).toEqual([]);
    expect(await messagesOf(disabled.id)).toEqual([]);
    expect((await webhookJobs()).filter((job) => job.message_id === message!.id)).toHaveLength(1);
  });

  it('a change no endpoint wants writes no message', async () => {
    const endpoint = await addEndpoint();
    await db.transaction((tx) => recordChange(tx, { ...entryCreated(), entityType: 'task', action: 'update' }));
    expect(await messagesOf(endpoint.id)).toEqual([]);
  });
});

describe('the delivery job', () => {
  it('sends a delivered message only once, however often its job runs', async () => {
    const endpoint = await addEndpoint({ failingSince: new Date(Date.now() - 60_000) });
    await db.transaction((tx) => recordChange(tx, entryCreated()));
    const [message] = await messagesOf(endpoint.id);
    await deliverWebhook(message!.id);
    await deliverWebhook(message!.id);
    expect(received).toEqual([`msg_${message!.id}`]);
    const [after] = await messagesOf(endpoint.id);
    expect(after).toMatchObject({ status: 'delivered', attempts: 1 });
    const [reset] = await db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpoint.id));
    expect(reset!.failingSince).toBeNull();
  });

  it('a failure is logged and thrown for a retry', async () => {
    answer = 500;
    const endpoint = await addEndpoint();
    await db.transaction((tx) => recordChange(tx, entryCreated()));
    const [message] = await messagesOf(endpoint.id);
    await expect(deliverWebhook(message!.id)).rejects.toThrow(/answered 500/);
    const attempts = await db
      .select()
      .from(schema.webhookAttempts)
      .where(eq(schema.webhookAttempts.messageId, message!.id));
    expect(attempts).toMatchObject([{ statusCode: 500, responseBody: 'no' }]);
    const [failing] = await db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpoint.id));
    expect(failing!.failingSince).not.toBeNull();
    expect(failing!.enabled).toBe(true);
  });

  it('an endpoint failing for 24 hours is disabled and the administrators get a mail', async () => {
    answer = 500;
    const endpoint = await addEndpoint({ failingSince: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    await db.transaction((tx) => recordChange(tx, entryCreated()));
    const [message] = await messagesOf(endpoint.id);
    await deliverWebhook(message!.id);
    const [after] = await db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpoint.id));
    expect(after).toMatchObject({ enabled: false });
    expect(after!.disabledAt).not.toBeNull();
    const mails = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, admin.email));
    expect(mails.map((mail) => mail.text).join('\n')).toContain(`Der Webhook ${receiverUrl} wurde nach 24 Stunden`);
  });
});
