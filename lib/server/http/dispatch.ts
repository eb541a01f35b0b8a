import 'server-only';
import { NextRequest } from 'next/server';
import { API_MOUNT } from './api-path';
import { routeModules } from './route-modules';

type Params = Record<string, string | string[]>;
type RouteHandler = (req: NextRequest, context: { params: Promise<Params> }) => Response | Promise<Response>;

interface Pattern {
  pattern: string;
  segments: string[];
}

const patterns: Pattern[] = Object.keys(routeModules).map((pattern) => ({
  pattern,
  segments: pattern.split('/').filter(Boolean),
}));

/** Next's precedence per segment: a static segment before a dynamic one before a catch-all. */
const rank = (segment: string) => (segment.startsWith('[[...') || segment.startsWith('[...') ? 2 : segment.startsWith('[') ? 1 : 0);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPattern(segments: string[], path: string[]): Params | null {
  const params: Params = {};
  for (const [index, segment] of segments.entries()) {
    const kind = rank(segment);
    if (kind === 2) {
      const rest = path.slice(index).map(decode);
      if (!rest.length && !segment.startsWith('[[')) return null;
      if (rest.length) params[segment.replace(/^\[+\.\.\.|\]+$/g, '')] = rest;
      return params;
    }
    const value = path[index];
    if (value === undefined) return null;
    if (kind === 1) params[segment.slice(1, -1)] = decode(value);
    else if (segment !== value) return null;
  }
  return segments.length === path.length ? params : null;
}

/** The route file pattern (as in routeModules) and params for a path below the API mount, as Next routes it. */
export function resolveApiRoute(apiPath: string): { pattern: string; params: Params } | null {
  const path = apiPath.split('/').filter(Boolean);
  let best: { pattern: Pattern; params: Params } | null = null;
  for (const candidate of patterns) {
    const params = matchPattern(candidate.segments, path);
    if (!params) continue;
    if (!best || isMoreSpecific(candidate.segments, best.pattern.segments)) best = { pattern: candidate, params };
  }
  return best && { pattern: best.pattern.pattern, params: best.params };
}

function isMoreSpecific(a: string[], b: string[]): boolean {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = rank(a[index] ?? '[[...]]') - rank(b[index] ?? '[[...]]');
    if (difference) return difference < 0;
  }
  return false;
}

/**
 * The in-process transport of the API client: hands a `Request` for this app's API to the route
 * handler Next would run for it and returns that handler's `Response` — the same authentication,
 * validation and answers as over HTTP, without a socket, HTTP parsing or a second trip through
 * Next's router. Like Next here, it answers a path with and without its trailing slash alike.
 */
export async function dispatchApiRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname !== API_MOUNT && !url.pathname.startsWith(`${API_MOUNT}/`)) {
    throw new TypeError(`dispatchApiRequest: ${url.pathname} is not below ${API_MOUNT}`);
  }
  const route = resolveApiRoute(url.pathname.slice(API_MOUNT.length));
  if (!route) throw new TypeError(`dispatchApiRequest: no route for ${url.pathname}`);
  const load = routeModules[route.pattern];
  if (!load) throw new TypeError(`dispatchApiRequest: no route module for ${route.pattern}`);
  const routeModule = (await load()) as Partial<Record<string, RouteHandler>>;
  const handler = routeModule[request.method];
  if (!handler) throw new TypeError(`dispatchApiRequest: ${route.pattern} has no ${request.method} handler`);
  return handler(new NextRequest(request), { params: Promise.resolve(route.params) });
}
