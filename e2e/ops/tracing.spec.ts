import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startAppServer } from './support/app-server';

/**
 * Issue 47, traces: the production server (scripts/server.mjs) with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointed at a real OTLP/HTTP receiver (a listener in this test, taking OTLP's JSON encoding)
 * sends one render of /accounts/ as one trace: Next's request span, the API operation the page
 * called in process, and the SQL statements' spans (their text, never their parameters), each
 * with the request id. Without the variable nothing is sent.
 */

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string; boolValue?: boolean };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  serviceName?: string;
}

/** An OTLP/HTTP receiver: every span POSTed to /v1/traces, with its resource's service name. */
async function startReceiver(
  port = 0,
): Promise<{ url: string; spans: OtlpSpan[]; posts: string[]; close: () => Promise<void> }> {
  const spans: OtlpSpan[] = [];
  const posts: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      posts.push(`${req.method} ${req.url} ${req.headers['content-type'] ?? ''}`);
      if (req.method === 'POST' && req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
        const message = JSON.parse(body) as {
          resourceSpans: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resourceSpans of message.resourceSpans) {
          const serviceName = resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value
            .stringValue;
          for (const scope of resourceSpans.scopeSpans)
            for (const span of scope.spans) spans.push({ ...span, serviceName });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    posts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Two servers start here, each migrating an embedded database: on a shared machine that takes minutes.
test.describe.configure({ timeout: 480_000 });

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

/** Signs the administrator in through next-auth, as the login page does; the session's cookies. */
async function pageSession(url: string): Promise<string> {
  const csrf = await fetch(`${url}/api/auth/csrf/`);
  const cookies = csrf.headers.getSetCookie().map((line) => line.split(';')[0]!);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await fetch(`${url}/api/auth/callback/credentials/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookies.join('; '), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, json: 'true' }),
  });
  expect(callback.status).toBeLessThan(400);
  cookies.push(...callback.headers.getSetCookie().map((line) => line.split(';')[0]!));
  expect(cookies.some((cookie) => cookie.includes('session-token'))).toBe(true);
  return cookies.join('; ');
}

test('one render of /accounts/ arrives at the OTLP/HTTP receiver as one trace with the operation and SQL spans', async () => {
  const receiver = await startReceiver();
  const server = await startAppServer({
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'benefits-ops-test',
      // The SDK's batch delay (default 5 s), so the test need not wait.
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
    readyTimeoutMs: 360_000,
  });
  try {
    const cookie = await pageSession(server.url);
    const page = await fetch(`${server.url}/accounts/`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    await page.text();
    const requestId = page.headers.get('x-request-id')!;
    expect(requestId).toBeTruthy();

    const ofRequest = () => receiver.spans.filter((span) => attribute(span, 'request.id') === requestId);
    // Next's request span is the root and ends last: once it arrived, so did the rest.
    await expect
      .poll(() => ofRequest().find((span) => !span.parentSpanId && span.kind === 2)?.name, { timeout: 30_000 })
      .toMatch(/^GET/);
    const root = ofRequest().find((span) => !span.parentSpanId && span.kind === 2)!;
    // Spans are exported as they end, in batches, and a span of the render may end after the root
    // (the body streams on): wait until every span of the request has its chain up to the root.
    const chainComplete = () => {
      const ids = new Map(
        receiver.spans.filter((span) => span.traceId === root.traceId).map((span) => [span.spanId, span]),
      );
      const requestSpans = ofRequest();
      return (
        requestSpans.some((span) => span.name === 'api GET /accounts') &&
        requestSpans.every((span) => {
          let current: OtlpSpan | undefined = span;
          for (let hops = 0; current && hops < 1_000; hops += 1) {
            if (current === root) return true;
            current = ids.get(current.parentSpanId ?? '');
          }
          return false;
        })
      );
    };
    await expect.poll(chainComplete, { timeout: 30_000 }).toBe(true);
    const spans = ofRequest();
    expect(root.serviceName).toBe('benefits-ops-test');

    // One trace: every span of the request — Next's, the operation's, the statements' — in the root's.
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([root.traceId]));
    const trace = receiver.spans.filter((span) => span.traceId === root.traceId);
    expect(trace.filter((span) => !span.parentSpanId)).toEqual([root]);
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    const reachesRoot = (span: OtlpSpan): boolean => {
      for (let current: OtlpSpan | undefined = span; current; current = byId.get(current.parentSpanId ?? '')) {
        if (current === root) return true;
      }
      return false;
    };

    const operation = trace.find((span) => span.name === 'api GET /accounts');
    expect(operation, trace.map((span) => span.name).join(', ')).toBeDefined();
    expect(attribute(operation!, 'http.route')).toBe('/api/v1/accounts');
    expect(attribute(operation!, 'request.id')).toBe(requestId);
    expect(reachesRoot(operation!)).toBe(true);

    const statements = trace.filter((span) => attribute(span, 'db.statement') !== undefined);
    // The list's own queries run inside the operation: children of its span.
    const underOperation = statements.filter((span) => {
      for (let current: OtlpSpan | undefined = span; current; current = byId.get(current.parentSpanId ?? '')) {
        if (current === operation) return true;
      }
      return false;
    });
    expect(underOperation.length).toBeGreaterThan(0);
    expect(underOperation.some((span) => /^\s*select\b/i.test(String(attribute(span, 'db.statement'))))).toBe(true);
    for (const span of statements) {
      expect(span.kind).toBe(3); // CLIENT
      expect(attribute(span, 'db.system')).toBe('postgresql');
      expect(reachesRoot(span)).toBe(true);
    }
    // The text with its placeholders, never the values: the sign-in's e-mail address appears in no span.
    expect(JSON.stringify(receiver.spans)).not.toContain(ADMIN_EMAIL);
    expect(JSON.stringify(receiver.spans)).not.toContain(ADMIN_PASSWORD);
  } finally {
    await server.stop();
    await receiver.close();
    await test
      .info()
      .attach('spans.json', { body: JSON.stringify(receiver.spans, null, 1), contentType: 'application/json' });
  }
});

test('without OTEL_EXPORTER_OTLP_ENDPOINT nothing is sent, not even to the default endpoint', async () => {
  // The exporter's default endpoint is http://localhost:4318: a receiver there would hear a stray exporter.
  const receiver = await startReceiver(4318).catch(() => null);
  test.skip(!receiver, 'port 4318 (the OTLP default) is taken on this machine');
  const server = await startAppServer({
    env: { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '200' },
    readyTimeoutMs: 360_000,
  });
  try {
    const cookie = await pageSession(server.url);
    const page = await fetch(`${server.url}/accounts/`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    await page.text();
    // Three batch delays and more.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  } finally {
    await server.stop();
    await receiver?.close();
  }
  expect(receiver!.posts).toEqual([]);
});
