import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '../fixtures/auth';
import { accountByName, expectJson, openSession } from '../fixtures/accounts';
import { axeViolations } from '../fixtures/axe';

/**
 * An administrator registers a webhook (a receiver in the test on 127.0.0.1, which the e2e server may
 * reach), sees its secret once, and reads the delivery log after a change (issue 48).
 */
test('an administrator creates a webhook and reads its delivery log', async ({ page, signIn, api }) => {
  test.slow();
  const verified: string[] = [];
  let secret = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), request.headers as Record<string, string>);
      verified.push(String(request.headers['webhook-id']));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook/${randomBytes(3).toString('hex')}`;
  try {
    await signIn('admin');
    await page.goto('/einstellungen/webhooks/');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    const form = page.getByTestId('webhook-form');
    await form.getByLabel('URL (https://)').fill(url);
    await form.getByLabel('whitelist.entry.created').check();
    await form.getByRole('button', { name: 'Webhook anlegen' }).click();
    secret = await page.getByTestId('webhook-secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByTestId('webhook-row').filter({ hasText: url });
    await expect(row).toContainText('aktiv');
    expect(await axeViolations(page)).toEqual([]);

    const admin = await openSession(api, 'admin');
    const mueller = await accountByName(admin, 'Müller Logistik GmbH');
    await expectJson(
      await admin.post('/api/v1/whitelist/', {
        accountId: mueller.id,
        value: `${randomBytes(4).toString('hex')}.example`,
      }),
      201,
    );
    await expect.poll(() => verified.length, { timeout: 30_000 }).toBeGreaterThan(0);

    await row.getByRole('link', { name: url }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Zustellprotokoll' })).toBeVisible();
    const message = page.getByTestId('webhook-message').first();
    await expect(message).toContainText('whitelist.entry.created');
    await expect(message).toContainText('zugestellt');
    await expect(message).toContainText('204');
    expect(await page.content()).not.toContain(secret);
    // Loaded afresh: the top loader's bar of the client-side navigation is not this page's.
    await page.reload();
    await expect(message).toContainText('zugestellt');
    expect(await axeViolations(page)).toEqual([]);

    const before = verified.length;
    await message.getByRole('button', { name: 'Erneut senden' }).click();
    await expect.poll(() => verified.length, { timeout: 30_000 }).toBeGreaterThan(before);
    expect(verified.at(-1)).toBe(verified[0]);
  } finally {
    const admin = await openSession(api, 'admin');
    const list = await expectJson<{ items: { id: string; url: string }[] }>(await admin.get('/api/v1/webhooks/'), 200);
    for (const endpoint of list.items.filter((item) => item.url === url)) {
      await admin.delete(`/api/v1/webhooks/${endpoint.id}/`);
    }
    await new Promise((resolve) => server.close(resolve));
  }
});
