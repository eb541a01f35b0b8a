import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '../fixtures/api';
import { accountByName, expectApiError, expectJson, openSession, type ApiSession } from '../fixtures/accounts';
import { decide } from '../fixtures/approvals';
import { inviteUser, userPath } from '../fixtures/users';

/**
 * Signed webhooks over real HTTP (issue 48): a receiver in the suite verifies every delivery with the
 * `standardwebhooks` package, goes down (answers 500) and comes back; every event arrives, none
 * twice. The server runs with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true (playwright.config.ts) so it may
 * reach 127.0.0.1; the SSRF guard itself is tested in lib/server/services/webhooks/deliver-webhook.test.ts.
 */

const WEBHOOKS = '/api/v1/webhooks/';
const MUELLER = 'Müller Logistik GmbH';

interface Delivery {
  id: string;
  type: string;
  entryId: string;
}

interface Message {
  id: string;
  event: string;
  entityId: string | null;
  status: string;
  attempts: { statusCode: number | null; durationMs: number; responseBody: string }[];
}

/** A receiver on 127.0.0.1: verifies each request's signature, answers 500 while `down`. */
async function startReceiver() {
  const accepted: Delivery[] = [];
  const refused: string[] = [];
  const state = { down: false, secret: '' };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let payload: { type: string; data: { id: string } };
      try {
        payload = new Webhook(state.secret).verify(body, request.headers as Record<string, string>) as typeof payload;
      } catch (error) {
        refused.push(String(error));
        response.writeHead(400).end('bad signature');
        return;
      }
      if (state.down) {
        response.writeHead(500).end('down for maintenance');
        return;
      }
      accepted.push({ id: String(request.headers['webhook-id']), type: payload.type, entryId: payload.data.id });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, accepted, refused, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function addEntry(admin: ApiSession, accountId: string): Promise<string> {
  const entry = await expectJson<{ id: string }>(
    await admin.post('/api/v1/whitelist/', { accountId, value: `${randomBytes(4).toString('hex')}.example` }),
    201,
  );
  return entry.id;
}

test.describe('webhooks', () => {
  test('only administrators (and no API key) manage webhooks; the secret is shown once', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const created = await expectJson<{ id: string; secret: string }>(
      await admin.post(WEBHOOKS, { url: 'https://hooks.example.com/x', events: ['user.invited'] }),
      201,
    );
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await expectJson<{ items: { id: string }[] }>(await admin.get(WEBHOOKS), 200);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(await expectJson(await admin.get(`${WEBHOOKS}${created.id}/`), 200)).not.toHaveProperty('secret');

    const backoffice = await openSession(api, 'backoffice');
    await expectApiError(await backoffice.get(WEBHOOKS), 403, 'forbidden');
    const key = await expectJson<{ secret: string }>(
      await admin.post('/api/v1/api-keys/', { name: `K ${randomUUID().slice(0, 6)}`, scopes: ['users.read'] }),
      201,
    );
    await expectApiError(
      await api.get(WEBHOOKS, { headers: { authorization: `Bearer ${key.secret}` } }),
      403,
      'forbidden',
    );
    await expectApiError(
      await admin.post(WEBHOOKS, { url: 'ftp://x.example/', events: ['user.invited'] }),
      422,
      'validation_failed',
    );
    await expectApiError(
      await admin.post(WEBHOOKS, { url: 'https://x.example/', events: ['nope'] }),
      422,
      'validation_failed',
    );
    await expectJson(await admin.delete(`${WEBHOOKS}${created.id}/`), 204);
  });

  test('every event arrives signed, through an outage, none twice; the log shows the attempts; redelivery', async ({
    api,
  }) => {
    test.setTimeout(150_000);
    const receiver = await startReceiver();
    const admin = await openSession(api, 'admin');
    const mueller = await accountByName(admin, MUELLER);
    const endpoint = await expectJson<{ id: string; secret: string }>(
      await admin.post(WEBHOOKS, { url: receiver.url, events: ['whitelist.entry.created', 'whitelist.entry.deleted'] }),
      201,
    );
    receiver.state.secret = endpoint.secret;
    try {
      const before = [await addEntry(admin, mueller.id), await addEntry(admin, mueller.id)];
      await expect
        .poll(() => before.filter((id) => receiver.accepted.some((d) => d.entryId === id)).length, { timeout: 30_000 })
        .toBe(2);

      receiver.state.down = true;
      const during = [
        await addEntry(admin, mueller.id),
        await addEntry(admin, mueller.id),
        await addEntry(admin, mueller.id),
      ];
      const log = async () =>
        (await expectJson<{ items: Message[] }>(await admin.get(`${WEBHOOKS}${endpoint.id}/messages/`), 200)).items;
      // Each of the outage's messages met the 500 at least once.
      await expect
        .poll(async () => (await log()).filter((m) => m.attempts.some((a) => a.statusCode === 500)).length, {
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(3);
      receiver.state.down = false;

      const all = [...before, ...during];
      await expect
        .poll(() => all.filter((id) => receiver.accepted.some((d) => d.entryId === id)).length, { timeout: 90_000 })
        .toBe(all.length);
      expect(receiver.refused).toEqual([]);
      const ids = receiver.accepted.map((delivery) => delivery.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(
        receiver.accepted.filter((d) => all.includes(d.entryId)).every((d) => d.type === 'whitelist.entry.created'),
      ).toBe(true);

      const messages = await log();
      const retried = messages.find((m) => m.attempts.some((a) => a.statusCode === 500) && m.status === 'delivered');
      expect(retried, JSON.stringify(messages.slice(0, 3))).toBeDefined();
      expect(retried!.attempts.at(-1)!.statusCode).toBe(204);
      expect(retried!.attempts[0]!.responseBody).toBe('down for maintenance');

      // A manual redelivery sends the same message (the same webhook-id) once more.
      const accepted = receiver.accepted.length;
      const response = await admin.post(`${WEBHOOKS}${endpoint.id}/messages/${retried!.id}/redeliver/`);
      expect(response.status()).toBe(202);
      await expect
        .poll(() => receiver.accepted.slice(accepted).some((d) => d.id === `msg_${retried!.id}`), { timeout: 30_000 })
        .toBe(true);
    } finally {
      await admin.delete(`${WEBHOOKS}${endpoint.id}/`);
      await receiver.close();
    }
  });

  test('a GDPR erasure purges the messages about the person and their delivery log', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    const mueller = await accountByName(admin, MUELLER);
    // Nobody listens: the messages stay in the log with their failed attempts.
    const endpoint = await expectJson<{ id: string }>(
      await admin.post(WEBHOOKS, { url: 'http://127.0.0.1:9/unreachable', events: ['user.invited'] }),
      201,
    );
    try {
      const person = await inviteUser(admin, 'Webhook', { accountId: mueller.id });
      const about = async () =>
        (
          await expectJson<{ items: Message[] }>(await admin.get(`${WEBHOOKS}${endpoint.id}/messages/`), 200)
        ).items.filter((message) => message.entityId === person.id);
      await expect.poll(async () => (await about()).length).toBe(1);
      const request = await expectJson<{ id: string }>(
        await admin.post(userPath(person.id, 'erasure'), { reason: 'Art. 17' }),
        201,
      );
      await decide(backoffice, request.id, 'approve', 'Geprüft');
      expect(await about()).toEqual([]);
    } finally {
      await admin.delete(`${WEBHOOKS}${endpoint.id}/`);
    }
  });
});
