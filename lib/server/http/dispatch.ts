import 'server-only';
import { NextRequest } from 'next/server';
import { API_MOUNT } from './api-path';
import { endpointModules } from './endpoints';
import { otherMethods } from './method-not-allowed';
import type { Operation } from './operation';
import { operationModules } from './operations';
import type { RouteHandler } from './route';
import { unknownPath } from './unknown-path';

type Params = Record<string, string | string[]>;
type Method = Operation['method'];

/** One path of the API (an operation's `path`, as its route folder is named) and its operations by method. */
interface ApiPath {
  path: string;
  segments: string[];
  handlers: Partial<Record<Method, () => Promise<RouteHandler>>>;
}

/** The operations registry by path; each handler is loaded with its module's endpoints on first use. */
const apiPaths: ApiPath[] = (() => {
  const byPath = new Map<string, ApiPath>();
  for (const [module, operations] of Object.entries(operationModules) as [
    keyof typeof operationModules,
    Record<string, Operation>,
  ][]) {
    for (const [name, operation] of Object.entries(operations)) {
      const entry = byPath.get(operation.path) ?? {
        path: operation.path,
        segments: operation.path.split('/').filter(Boolean),
        handlers: {},
      };
      entry.handlers[operation.method] = async () => {
        const endpoints = (await endpointModules[module]()) as Record<string, RouteHandler & { operation: Operation }>;
        const endpoint = endpoints[name];
        if (endpoint?.operation !== operation)
          throw new TypeError(`dispatch: no handler for ${operation.method} ${operation.path}`);
        return endpoint;
      };
      byPath.set(operation.path, entry);
    }
  }
  return [...byPath.values()];
})();

/** Next's precedence per segment: a static segment before a dynamic one. */
const isDynamic = (segment: string) => segment.startsWith('[');

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPath(segments: string[], path: string[]): Params | null {
  if (segments.length !== path.length) return null;
  const params: Params = {};
  for (const [index, segment] of segments.entries()) {
    const value = path[index]!;
    if (isDynamic(segment)) params[segment.slice(1, -1)] = decode(value);
    else if (segment !== value) return null;
  }
  return params;
}

function isMoreSpecific(a: string[], b: string[]): boolean {
  for (const [index, segment] of a.entries()) {
    const difference = Number(isDynamic(segment)) - Number(isDynamic(b[index]!));
    if (difference) return difference < 0;
  }
  return false;
}

/**
 * The API path (an operation's `path`) and params for a path below the API mount, as Next routes
 * it to the route folders; null where only the catch-all app/api/v1/[[...path]] would answer.
 */
export function resolveApiPath(apiPath: string): { path: string; params: Params } | null {
  const path = apiPath.split('/').filter(Boolean);
  let best: { entry: ApiPath; params: Params } | null = null;
  for (const entry of apiPaths) {
    const params = matchPath(entry.segments, path);
    if (params && (!best || isMoreSpecific(entry.segments, best.entry.segments))) best = { entry, params };
  }
  return best && { path: best.entry.path, params: best.params };
}

/** The handler Next would run for this method and API path: the operation's, else 405 or the catch-all's 404. */
async function handlerFor(method: string, apiPath: string): Promise<{ handler: RouteHandler; params: Params }> {
  const resolved = resolveApiPath(apiPath);
  if (!resolved) return { handler: unknownPath, params: {} };
  const entry = apiPaths.find((candidate) => candidate.path === resolved.path)!;
  const load = entry.handlers[method as Method];
  if (load) return { handler: await load(), params: resolved.params };
  const allowed = Object.keys(entry.handlers) as Method[];
  const refusal = otherMethods(...allowed)[method as Method | 'OPTIONS'];
  if (!refusal) throw new TypeError(`dispatchApiRequest: ${method} is not a method of the API`);
  return { handler: refusal, params: resolved.params };
}

/**
 * The in-process transport of the API client: hands a `Request` for this app's API to the handler
 * Next would run for it — found in the operations registry, not in app/ — and returns that
 * handler's `Response`: the same authentication, validation and answers as over HTTP, without a
 * socket, HTTP parsing or a second trip through Next's router. Like Next here, it answers a path with
 * and without its trailing slash alike.
 */
export async function dispatchApiRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname !== API_MOUNT && !url.pathname.startsWith(`${API_MOUNT}/`)) {
    throw new TypeError(`dispatchApiRequest: ${url.pathname} is not below ${API_MOUNT}`);
  }
  const { handler, params } = await handlerFor(request.method, url.pathname.slice(API_MOUNT.length));
  return handler(new NextRequest(request), { params: Promise.resolve(params) });
}
