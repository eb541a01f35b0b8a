/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isBlockedAddress } from './address-guard';
import { postWebhook } from './deliver-webhook';
import { signWebhook } from './webhook-signature';
import { Webhook } from 'standardwebhooks';

/** The SSRF guard and the delivery's HTTP rules (issue 48), with private networks not allowed. */

let server: Server;
let port = 0;
let requests = 0;
beforeAll(async () => {
  server = createServer((request, response) => {
    requests += 1;
    if (request.url === '/redirect') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (request.url === '/big') {
      response.writeHead(500).end('x'.repeat(200 * 1024));
    } else {
      response.writeHead(204).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  requests = 0;
});

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1'])('allows %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('postWebhook without private networks', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://localhost/hook',
    'https://10.0.0.5/hook',
  ])('refuses %s before connecting', async (url) => {
    const result = await postWebhook(url, {}, '{}', false);
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/private or reserved/);
  });

  it('refuses http:// and the local receiver itself', async () => {
    expect((await postWebhook(`http://127.0.0.1:${port}/`, {}, '{}', false)).error).toMatch(/https/);
    expect(requests).toBe(0);
  });
});

describe('postWebhook with private networks allowed (the test receiver)', () => {
  it('does not follow a redirect to the metadata address', async () => {
    const result = await postWebhook(`http://127.0.0.1:${port}/redirect`, {}, '{}', true);
    expect(result.statusCode).toBe(302);
    expect(result.error).toMatch(/redirect to http:\/\/169\.254\.169\.254.* not followed/);
    expect(requests).toBe(1);
  });

  it('keeps at most 64 KB of the answer', async () => {
    const result = await postWebhook(`http://127.0.0.1:${port}/big`, {}, '{}', true);
    expect(result.statusCode).toBe(500);
    expect(result.responseBody).toHaveLength(64 * 1024);
  });
});

describe('signWebhook', () => {
  it('signs as the standardwebhooks library verifies', () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const body = JSON.stringify({ type: 'user.invited', data: { id: 'x' } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, 'msg_1', timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});
