import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '../fixtures/api';

/**
 * Hostile calls of Server Actions answer 4xx, never 500: Next itself refuses unknown action ids
 * (400, 409); the middleware refuses bodies Next cannot decode (400) or would not take (413) and
 * calls from another origin (403), all of which Next answers with 500 (lib/auth/server-action-*.ts).
 * The public "forgot password" action is the target; its id is this build's, so the test needs the
 * local build.
 */
test.skip(Boolean(process.env.BASE_URL), 'reads the action id from the local build');

const PAGE = '/pw-vergessen/';

function actionId(name: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(process.cwd(), '.next/server/server-reference-manifest.json'), 'utf8'),
  ) as { node: Record<string, { exportedName?: string }> };
  const id = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === name)?.[0];
  if (!id) throw new Error(`no Server Action ${name} in this build`);
  return id;
}

const TEXT = 'text/plain;charset=UTF-8';

test('a well-formed call passes; malformed or oversize bodies and unknown ids answer 4xx', async ({ api }) => {
  const id = actionId('forgotPasswordAction');
  const send = (body: string | Buffer, headers: Record<string, string>) =>
    api.post(PAGE, { data: body, headers: { accept: 'text/x-component', ...headers }, maxRedirects: 0 });

  const ok = await send(JSON.stringify(['niemand@example.com']), { 'next-action': id, 'content-type': TEXT });
  expect(ok.status(), await ok.text()).toBe(200);

  const cases: [string, string | Buffer, Record<string, string>, number][] = [
    ['an id of the wrong shape (Next)', '[]', { 'next-action': 'garbage', 'content-type': TEXT }, 400],
    ['an id not in this build (Next)', '[]', { 'next-action': `40${'f'.repeat(40)}`, 'content-type': TEXT }, 409],
    ['JSON that does not parse', '[zxc]', { 'next-action': id, 'content-type': TEXT }, 400],
    ['an empty body', '', { 'next-action': id, 'content-type': TEXT }, 400],
    [
      'a broken multipart body',
      'garbage',
      { 'next-action': id, 'content-type': 'multipart/form-data; boundary=x' },
      400,
    ],
    ['bytes that are not UTF-8', Buffer.from([0x5b, 0xff, 0x5d]), { 'next-action': id, 'content-type': TEXT }, 400],
    [
      'a body over the 1 MB limit',
      JSON.stringify(['a'.repeat(1_100_000)]),
      { 'next-action': id, 'content-type': TEXT },
      413,
    ],
  ];
  for (const [label, body, headers, status] of cases) {
    const answer = await send(body, headers);
    expect(answer.status(), `${label}: ${(await answer.text()).slice(0, 200)}`).toBe(status);
  }
});

test('a body over the limit without Content-Length (chunked) answers 413', async ({ api, baseURL }) => {
  const id = actionId('forgotPasswordAction');
  const target = new URL(PAGE, baseURL);
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'next-action': id,
          'content-type': TEXT,
          'x-forwarded-for': api.ip,
          'transfer-encoding': 'chunked',
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    // The server may answer and close before all of it is sent.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
    const chunk = 'a'.repeat(64 * 1024);
    request.write('["');
    for (let sent = 0; sent < 1_200_000; sent += chunk.length) request.write(chunk);
    request.end('"]');
  });
  expect(status).toBe(413);
});

test('a call from another origin answers 403, not 500; this origin and the proxy’s public host pass', async ({
  api,
  baseURL,
}) => {
  const id = actionId('forgotPasswordAction');
  const call = (headers: Record<string, string>, body = JSON.stringify(['niemand@example.com'])) =>
    api.post(PAGE, {
      data: body,
      headers: { accept: 'text/x-component', 'next-action': id, 'content-type': TEXT, ...headers },
      maxRedirects: 0,
    });

  const own = await call({ origin: new URL(baseURL!).origin });
  expect(own.status(), await own.text()).toBe(200);
  // Behind a proxy: the browser's origin is the public host the proxy names.
  const proxied = await call({ origin: 'https://benefits.example', 'x-forwarded-host': 'benefits.example' });
  expect(proxied.status(), await proxied.text()).toBe(200);

  const cases: [string, Record<string, string>][] = [
    ['a foreign site', { origin: 'https://evil.example' }],
    ['a foreign port of this host', { origin: 'http://localhost:1' }],
    ['an opaque origin (sandboxed frame)', { origin: 'null' }],
    ['an origin that is no URL', { origin: 'garbage' }],
    [
      'a forwarded host the origin does not match',
      { origin: 'https://evil.example', 'x-forwarded-host': 'benefits.example' },
    ],
  ];
  for (const [label, headers] of cases) {
    const answer = await call(headers);
    expect(answer.status(), `${label}: ${(await answer.text()).slice(0, 200)}`).toBe(403);
  }
  // A form posted from another site without JavaScript carries its action in the multipart body.
  const form = await api.post(PAGE, {
    multipart: { $ACTION_ID: id },
    headers: { origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(form.status(), (await form.text()).slice(0, 200)).toBe(403);
});
