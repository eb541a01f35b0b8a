/** @jest-environment node */
import type { RequestContext } from '@/lib/server/observability';
import { observability } from '@/lib/server/observability';
import {
  AccessBuffer,
  type AccessGroup,
  accessLogSettled,
  accessRecorder,
  flushRequest,
  operationTemplate,
  recordAccess,
  setAccessWriter,
} from './collector';

// The writer is replaced below; the database module is never opened.
jest.mock('@/lib/server/db/client', () => ({ rawSql: jest.fn() }));

const ADMIN = { id: '00000000-0000-4000-8000-00000000000a' };
const KEY_HOLDER = { id: ADMIN.id, apiKey: { id: '00000000-0000-4000-8000-0000000000cc' } };
const A = '00000000-0000-4000-8000-000000000001';
const B = '00000000-0000-4000-8000-000000000002';
const C = '00000000-0000-4000-8000-000000000003';
const GET_USER = { method: 'GET', path: '/users/[id]' };
const LIST_USERS = { method: 'GET', path: '/users' };

let written: AccessGroup[][];
beforeEach(() => {
  written = [];
  setAccessWriter(async (groups) => {
    written.push(groups);
  });
});
afterAll(() => setAccessWriter(null));

const inRequest = <T>(context: RequestContext, run: () => T): T => observability().context.run(context, run);
const rowsOf = (batches: AccessGroup[][]) =>
  batches.flatMap((batch) => batch.flatMap((group) => group.subjectIds.map((subject) => ({ ...group, subject }))));

describe('the access-log collector', () => {
  it('names the operation as a template below the API mount', () => {
    expect(operationTemplate(GET_USER)).toBe('GET /api/v1/users/{id}/');
    expect(operationTemplate({ method: 'GET', path: '/export/users.csv' })).toBe('GET /api/v1/export/users.csv/');
  });

  it('writes nothing while the request runs, then one INSERT with every person once after the answer', async () => {
    const context: RequestContext = { requestId: 'r-1', route: '/benutzer/{id}/', flushesAfterResponse: true };
    inRequest(context, () => {
      // The page's metadata and body read the same user; the list shows three people, one twice.
      recordAccess(ADMIN, GET_USER, [A]);
      recordAccess(ADMIN, GET_USER, [A]);
      recordAccess(ADMIN, LIST_USERS, [A, B, C, B]);
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([]);

    await flushRequest(context);
    expect(written).toHaveLength(1);
    const rows = rowsOf(written);
    expect(rows.map((row) => [row.operation, row.subject])).toEqual([
      ['GET /api/v1/users/{id}/', A],
      ['GET /api/v1/users/', A],
      ['GET /api/v1/users/', B],
      ['GET /api/v1/users/', C],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ actorId: ADMIN.id, apiKeyId: null, route: '/benutzer/{id}/', requestId: 'r-1' });
      expect(Number.isNaN(Date.parse(row.at))).toBe(false);
    }
    // A second call (the `close` after `finish`) writes nothing more.
    await flushRequest(context);
    expect(written).toHaveLength(1);
  });

  it('keeps the API key and takes the operation’s path when the route is unknown', async () => {
    const context: RequestContext = { requestId: 'r-2', route: 'unmatched', flushesAfterResponse: true };
    inRequest(context, () => recordAccess(KEY_HOLDER, GET_USER, [B]));
    await flushRequest(context);
    expect(rowsOf(written)).toEqual([
      expect.objectContaining({ apiKeyId: KEY_HOLDER.apiKey.id, route: '/api/v1/users/{id}/', subject: B }),
    ]);
  });

  it('lands a streamed export’s later batches in its request, written in steps of 1,000 rows', async () => {
    const context: RequestContext = {
      requestId: 'r-3',
      route: '/api/v1/export/users.csv/',
      flushesAfterResponse: true,
    };
    const note = inRequest(context, () => accessRecorder(ADMIN, { method: 'GET', path: '/export/users.csv' }));
    const ids = Array.from({ length: 2500 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    // Outside the context, as a stream's pull runs.
    note(ids.slice(0, 1000));
    note(ids.slice(1000));
    note(ids.slice(0, 10));
    await flushRequest(context);
    expect(written.map((batch) => batch.reduce((sum, group) => sum + group.subjectIds.length, 0))).toEqual([
      1000, 1000, 500,
    ]);
    expect(new Set(rowsOf(written).map((row) => row.subject)).size).toBe(2500);
  });

  it('without a server to flush after the answer, writes on the next turn of the event loop', async () => {
    recordAccess(ADMIN, GET_USER, [C]);
    expect(written).toEqual([]);
    await accessLogSettled();
    expect(rowsOf(written)).toEqual([
      expect.objectContaining({ subject: C, route: '/api/v1/users/{id}/', requestId: null }),
    ]);
  });

  it('writes a row noted after its request was flushed on its own', async () => {
    const context: RequestContext = { requestId: 'r-4', route: '/benutzer/', flushesAfterResponse: true };
    const note = inRequest(context, () => accessRecorder(ADMIN, LIST_USERS));
    note([A]);
    await flushRequest(context);
    note([B]);
    await accessLogSettled();
    expect(rowsOf(written).map((row) => row.subject)).toEqual([A, B]);
  });

  it('notes nothing for an empty page', async () => {
    const context: RequestContext = { requestId: 'r-5', route: '/benutzer/', flushesAfterResponse: true };
    inRequest(context, () => recordAccess(ADMIN, LIST_USERS, []));
    await flushRequest(context);
    await accessLogSettled();
    expect(written).toEqual([]);
  });

  it('logs a failed write and never throws it into the request', async () => {
    setAccessWriter(async () => {
      throw new Error('database away');
    });
    const context: RequestContext = { requestId: 'r-6', route: '/benutzer/', flushesAfterResponse: true };
    inRequest(context, () => recordAccess(ADMIN, LIST_USERS, [A]));
    const error = jest.spyOn(observability().logger, 'error').mockImplementation(() => undefined);
    await expect(flushRequest(context)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ rows: 1 }),
      '[access-log] could not write the access log',
    );
    error.mockRestore();
  });

  it('splits one group across batches without losing or repeating a person', () => {
    const buffer = new AccessBuffer();
    const group = {
      actorId: ADMIN.id,
      apiKeyId: null,
      operation: 'GET /api/v1/users/',
      route: '/benutzer/',
      requestId: null,
    };
    buffer.add(group, [A, B, C]);
    buffer.add({ ...group, operation: 'GET /api/v1/users/{id}/' }, [A]);
    expect(buffer.size).toBe(4);
    const batches = buffer.take(2);
    expect(batches.map((batch) => batch.map((entry) => entry.subjectIds))).toEqual([[[A, B]], [[C], [A]]]);
    expect(buffer.size).toBe(0);
  });
});
