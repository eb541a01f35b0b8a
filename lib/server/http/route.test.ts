/** @jest-environment node */
import { DrizzleQueryError } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import postgres from 'postgres';
import { z } from 'zod';
import { hasRecentStorageFailure } from '@/lib/server/db/database-errors';
import { log, observability } from '@/lib/server/observability';
import { defineOperation } from './operation';
import { route } from './route';

/**
 * The route wrapper's answer to failures of the database driver: the errors below are the ones
 * postgres.js (and Drizzle around it) throw, injected where the driver would throw them.
 */

// These operations are public and unauthenticated.
jest.mock('@/lib/server/auth/authenticate', () => ({ authenticate: jest.fn() }));

const query = jest.fn<Promise<unknown>, []>();

const operation = defineOperation({
  method: 'POST',
  path: '/probe',
  summary: 'test operation',
  tag: 'Test',
  access: 'public',
  response: z.object({ ok: z.boolean() }),
});
const readOperation = defineOperation({ ...operation, method: 'GET' });

const handler = route(operation, async () => {
  await query();
  return { ok: true };
});
const readHandler = route(readOperation, async () => {
  await query();
  return { ok: true };
});

const request = (method = 'POST') => new NextRequest('http://localhost/api/v1/probe/', { method });
const call = (method = 'POST') =>
  (method === 'GET' ? readHandler : handler)(request(method), { params: Promise.resolve({}) });

/** A server error as postgres.js reports it, wrapped by Drizzle as in every service. */
function serverError(code: string, message: string) {
  // postgres.js builds its PostgresError from the server's ErrorResponse fields like this.
  const error = new (postgres.PostgresError as unknown as new (fields: object) => Error)({
    message,
    code,
    severity: 'ERROR',
  });
  return new DrizzleQueryError('insert into accounts …', [], error);
}

function connectionError(code: string) {
  return Object.assign(new Error(`write ${code}`), { code, errno: code });
}

beforeEach(() => {
  query.mockReset();
  jest.spyOn(log(), 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('route(): database failures answer 503, never 500', () => {
  it.each([
    ['a full disk', serverError('53100', 'could not extend file "base/16384/16385": No space left on device')],
    ['an I/O error', serverError('58030', 'could not write to file "pg_wal/xlogtemp.42": Input/output error')],
    ['a read-only server', serverError('25006', 'cannot execute INSERT in a read-only transaction')],
  ])('%s → 503 storage_unavailable with Retry-After', async (_, error) => {
    query.mockRejectedValue(error);
    const response = await call();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({ statusCode: 503, code: 'storage_unavailable' });
    // Readiness hears of it: a full disk still takes the probe's small write.
    expect(hasRecentStorageFailure()).toBe(true);
    expect(hasRecentStorageFailure(Date.now() + 31_000)).toBe(false);
  });

  it.each([
    ['a refused connection', connectionError('ECONNREFUSED')],
    ['a connect timeout', connectionError('CONNECT_TIMEOUT')],
    ['a server shutting down', serverError('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', serverError('57P03', 'the database system is starting up')],
    ['a statement timeout', serverError('57014', 'canceling statement due to statement timeout')],
  ])('%s → 503 service_unavailable with Retry-After', async (_, error) => {
    query.mockRejectedValue(error);
    const response = await call();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
  });

  it('keeps other errors a logged, generic 500 that names the request id of the log line', async () => {
    const logged = jest.spyOn(log(), 'error').mockImplementation(() => undefined);
    const error = serverError('42P01', 'relation "nowhere" does not exist');
    query.mockRejectedValue(error);
    const context = { requestId: 'lb-1:req.500' };
    const response = await observability().context.run(context, () => call());
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: 'internal', requestId: 'lb-1:req.500' });
    expect(logged).toHaveBeenCalledWith({ err: error }, '[api] unhandled error');
  });

  it('runs a read once more when its connection broke, and answers from the fresh one', async () => {
    query.mockRejectedValueOnce(connectionError('CONNECTION_CLOSED')).mockResolvedValueOnce(undefined);
    const response = await call('GET');
    expect(response.status).toBe(200);
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('runs a read once more when its connect timed out just after a restart', async () => {
    query.mockRejectedValueOnce(connectionError('CONNECT_TIMEOUT')).mockResolvedValueOnce(undefined);
    const response = await call('GET');
    expect(response.status).toBe(200);
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('never runs a write twice', async () => {
    query.mockRejectedValueOnce(connectionError('CONNECTION_CLOSED')).mockResolvedValueOnce(undefined);
    const response = await call('POST');
    expect(response.status).toBe(503);
    expect(query).toHaveBeenCalledTimes(1);
  });
});

describe('route(): load shedding', () => {
  const saved = { max: process.env.DB_POOL_MAX, queue: process.env.DB_QUEUE_MAX };

  beforeAll(() => {
    jest.resetModules();
  });

  afterAll(() => {
    process.env.DB_POOL_MAX = saved.max;
    process.env.DB_QUEUE_MAX = saved.queue;
  });

  it('answers 503 at once when more requests wait than DB_POOL_MAX + DB_QUEUE_MAX', async () => {
    process.env.DB_POOL_MAX = '2';
    process.env.DB_QUEUE_MAX = '1';
    // A fresh module registry, so lib/env.ts reads the bound set above.
    const { route: freshRoute } = await import('./route');
    const release: (() => void)[] = [];
    const slow = freshRoute(operation, () => new Promise((resolve) => release.push(() => resolve({ ok: true }))));
    const context = { params: Promise.resolve({}) };
    const waiting = [slow(request(), context), slow(request(), context), slow(request(), context)];
    const started = performance.now();
    const shed = await slow(request(), context);
    expect(performance.now() - started).toBeLessThan(100);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(await shed.json()).toMatchObject({ code: 'service_unavailable' });
    await new Promise((resolve) => setImmediate(resolve));
    for (const done of release) done();
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([200, 200, 200]);
    // Slots are given back: the next request runs.
    const next = slow(request(), context);
    await new Promise((resolve) => setImmediate(resolve));
    release.at(-1)?.();
    expect((await next).status).toBe(200);
  });
});

describe('route(): what a create answers besides its record', () => {
  it('names the record’s version (ETag) and where it is read (Location, a path on the API’s host)', async () => {
    const create = defineOperation({
      method: 'POST',
      path: '/probes',
      summary: 'test create',
      tag: 'Test',
      access: 'public',
      response: z.object({ id: z.string(), version: z.number() }),
      etag: (record) => record.version,
      location: (record) => `/probes/${record.id}`,
      successStatus: 201,
    });
    const response = await route(create, async () => ({ id: 'a1', version: 1 }))(request(), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('etag')).toBe('W/"1"');
    expect(response.headers.get('location')).toBe('/api/v1/probes/a1');
  });
});
