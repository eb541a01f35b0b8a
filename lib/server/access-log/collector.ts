import 'server-only';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { rawSql } from '@/lib/server/db/client';
import { API_MOUNT } from '@/lib/server/http/api-path';
import { currentRequest, log, type RequestContext } from '@/lib/server/observability';

/**
 * Who looked at whose personal data (issue 51). A handler that shows or exports people's data notes
 * their ids with `recordAccess`; the rows gather in the request's context (scripts/server.mjs runs
 * every request in one, lib/server/observability) and are written with one multi-row INSERT after
 * the answer is sent — off the request's critical path. A person shown twice in one request (the
 * page's metadata and body, a user on two pages of one export) is one row.
 */

/** Who read: the signed-in person, and the API key when a machine client asked. */
export interface AccessActor {
  id: string;
  apiKey?: { id: string } | undefined;
}

/** The operation a read went through (`GET /users/[id]`). */
export interface AccessOperation {
  method: string;
  path: string;
}

/** One group of rows: one actor, operation and route; a row per subject. */
export interface AccessGroup {
  at: string;
  actorId: string;
  apiKeyId: string | null;
  operation: string;
  route: string;
  requestId: string | null;
  subjectIds: string[];
}

/** Rows per INSERT: an export of 10,000 people is written in such steps, yielding between them. */
export const FLUSH_ROWS = 1000;

/** The operation as a template below the API mount: `GET /api/v1/users/{id}/`. */
export function operationTemplate(operation: AccessOperation): string {
  return `${operation.method} ${API_MOUNT}${operation.path.replace(/\[(\w+)\]/g, '{$1}')}/`;
}

/** The rows one request noted, deduplicated by (actor, key, operation, route, subject). */
export class AccessBuffer {
  private groups = new Map<string, AccessGroup & { seen: Set<string> }>();
  private count = 0;
  /** Flushed once already: rows noted later (a stream still running) are written on their own. */
  closed = false;

  get size(): number {
    return this.count;
  }

  add(group: Omit<AccessGroup, 'subjectIds' | 'at'>, subjectIds: Iterable<string>, at = new Date()): number {
    const key = `${group.actorId}|${group.apiKeyId ?? ''}|${group.operation}|${group.route}`;
    let entry = this.groups.get(key);
    if (!entry) {
      entry = { ...group, at: at.toISOString(), subjectIds: [], seen: new Set() };
      this.groups.set(key, entry);
    }
    let added = 0;
    for (const id of subjectIds) {
      if (entry.seen.has(id)) continue;
      entry.seen.add(id);
      entry.subjectIds.push(id);
      added += 1;
    }
    this.count += added;
    return added;
  }

  /** Every row noted so far, in groups of at most `FLUSH_ROWS` rows; the buffer is empty after. */
  take(maxRows = FLUSH_ROWS): AccessGroup[][] {
    const batches: AccessGroup[][] = [];
    let batch: AccessGroup[] = [];
    let rows = 0;
    for (const { seen: _seen, ...group } of this.groups.values()) {
      for (let start = 0; start < group.subjectIds.length;) {
        const room = maxRows - rows;
        const part = group.subjectIds.slice(start, start + room);
        batch.push({ ...group, subjectIds: part });
        rows += part.length;
        start += part.length;
        if (rows >= maxRows) {
          batches.push(batch);
          batch = [];
          rows = 0;
        }
      }
    }
    if (batch.length > 0) batches.push(batch);
    this.groups.clear();
    this.count = 0;
    return batches;
  }
}

/** Writes one batch (one INSERT). Replaceable in tests. */
export type AccessWriter = (groups: AccessGroup[]) => Promise<void>;

/** One statement: the groups travel as one JSON parameter, each subject becomes a row. */
export const INSERT_ACCESS_ROWS = `INSERT INTO access_log (at, actor_id, api_key_id, subject_id, operation, route, request_id)
SELECT g.at, g."actorId", g."apiKeyId", s.subject::uuid, g.operation, g.route, g."requestId"
FROM jsonb_to_recordset($1::jsonb) AS g(at timestamptz, "actorId" uuid, "apiKeyId" uuid, operation text, route text,
  "requestId" text, "subjectIds" jsonb)
CROSS JOIN LATERAL jsonb_array_elements_text(g."subjectIds") AS s(subject)`;

const databaseWriter: AccessWriter = async (groups) => {
  const execute = await rawSql();
  await execute(INSERT_ACCESS_ROWS, [JSON.stringify(groups)]);
};

const globalForAccessLog = globalThis as unknown as {
  __benefitsAccessLog?: {
    writer: AccessWriter;
    buffers: WeakMap<RequestContext, AccessBuffer>;
    pending: Set<Promise<void>>;
  };
  __benefitsAfterResponse?: (context: RequestContext) => Promise<void>;
  __benefitsAccessLogSettled?: () => Promise<void>;
};
// Route bundles may each hold a copy of this module: the state lives on globalThis.
const state = (globalForAccessLog.__benefitsAccessLog ??= {
  writer: databaseWriter,
  buffers: new WeakMap(),
  pending: new Set(),
});

/** Tests: write somewhere else (null: the database again). */
export function setAccessWriter(writer: AccessWriter | null): void {
  state.writer = writer ?? databaseWriter;
}

/** Writes what the buffer holds, one INSERT per batch with a yield between; a failure is logged, never thrown. */
export async function flushBuffer(buffer: AccessBuffer): Promise<void> {
  const batches = buffer.take();
  for (const [index, batch] of batches.entries()) {
    if (index > 0) await yieldToLoop();
    try {
      await state.writer(batch);
    } catch (error) {
      const rows = batch.reduce((sum, group) => sum + group.subjectIds.length, 0);
      log().error({ err: error, rows }, '[access-log] could not write the access log');
    }
  }
}

/** Runs a flush and keeps it in `pending` until it is done (tests and shutdown wait for it). */
function track(flush: Promise<void>): Promise<void> {
  state.pending.add(flush);
  return flush.finally(() => state.pending.delete(flush));
}

/** After the answer (scripts/server.mjs): the request's rows, one INSERT. */
export function flushRequest(context: RequestContext): Promise<void> {
  const buffer = state.buffers.get(context);
  if (!buffer) return Promise.resolve();
  buffer.closed = true;
  if (buffer.size === 0) return Promise.resolve();
  return track(flushBuffer(buffer));
}
globalForAccessLog.__benefitsAfterResponse = flushRequest;

/** Every flush under way has finished (tests; the server's shutdown). */
export async function accessLogSettled(): Promise<void> {
  while (state.pending.size > 0) await Promise.all([...state.pending]);
}
globalForAccessLog.__benefitsAccessLogSettled = accessLogSettled;

/**
 * A recorder for one operation's answer: call it with the ids of the people the answer shows (more
 * than once for a streamed export). It captures the request context now, so a stream noting rows
 * later still lands in its request. Outside a request served by scripts/server.mjs (`next dev`,
 * a script) the rows are written on the next turn of the event loop instead.
 */
export function accessRecorder(actor: AccessActor, operation: AccessOperation): (subjectIds: Iterable<string>) => void {
  const context = currentRequest();
  const apiRoute = operationTemplate(operation);
  const group = {
    actorId: actor.id,
    apiKeyId: actor.apiKey?.id ?? null,
    operation: apiRoute,
    // The page or API route the request came in on; the operation's own path otherwise.
    route: context?.route && context.route !== 'unmatched' ? context.route : apiRoute.slice(apiRoute.indexOf(' ') + 1),
    requestId: context?.requestId ?? null,
  };
  return (subjectIds) => {
    let buffer = context ? state.buffers.get(context) : undefined;
    if (context && !buffer) {
      buffer = new AccessBuffer();
      state.buffers.set(context, buffer);
    }
    const afterResponse = context?.flushesAfterResponse === true && buffer && !buffer.closed;
    const target = afterResponse ? buffer! : new AccessBuffer();
    if (target.add(group, subjectIds) === 0 || afterResponse) return;
    // No server to call us after the answer: soon, but not within the handler's own turn.
    void track(yieldToLoop().then(() => flushBuffer(target)));
  };
}

/** Notes at once the people one answer shows. */
export function recordAccess(actor: AccessActor, operation: AccessOperation, subjectIds: Iterable<string>): void {
  accessRecorder(actor, operation)(subjectIds);
}
