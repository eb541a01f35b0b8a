/** @jest-environment node */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { endpointModules } from '@/lib/server/http/endpoints';
import type { Operation } from '@/lib/server/http/operation';
import { operationModules, operations } from '@/lib/server/http/operations';
import type { RouteHandler } from '@/lib/server/http/route';

/**
 * The route files here and the operations registry (lib/server/http/operations) say the same: a
 * route file sits in the folder of its operations' `path` and re-exports their handlers
 * (lib/server/http/endpoints), every other method answers 405, and every registered operation has
 * its route file, and OPTIONS answers the same `Allow` as a 405. The in-process transport dispatches from the registry alone
 * (lib/server/http/dispatch.ts), so this is what keeps it answering as Next does.
 */

const API_ROOT = __dirname;
// The catch-all answers 404 for unknown paths; it serves no operation.
const CATCH_ALL = '/[[...path]]';
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
// Route segment config Next reads besides the methods.
const CONFIG_EXPORTS = ['dynamic'];

// The route files load every service; none runs here. file-type ships only ES modules whose
// exports do not resolve for Jest's `require`.
jest.mock('file-type', () => ({ fileTypeFromFile: jest.fn() }), { virtual: true });

/** The API path of every folder with a route file, as the operations write it (`/accounts/[id]`). */
function routeFolders(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeFolders(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    return entry.name === 'route.ts' ? [prefix || '/'] : [];
  });
}

type RouteModule = Partial<Record<string, RouteHandler & { operation?: Operation }>>;
const loadRoute = (folder: string): Promise<RouteModule> => import(path.join(API_ROOT, folder, 'route.ts'));
const call = (handler: RouteHandler, method: string, folder: string) =>
  handler(new NextRequest(`http://localhost/api/v1${folder}/`, { method }), { params: Promise.resolve({}) });

const folders = routeFolders(API_ROOT);

describe('API route files and the operations registry', () => {
  it('finds the route files and the catch-all', () => {
    expect(folders.length).toBeGreaterThan(50);
    expect(folders).toContain(CATCH_ALL);
  });

  it.each(folders.filter((folder) => folder !== CATCH_ALL))(
    '%s serves the registered operations of its path and 405 for every other method',
    async (folder) => {
      const route = await loadRoute(folder);
      const registered = operations.filter((operation) => operation.path === folder);
      expect(registered.map((operation) => `${operation.method} ${operation.path}`)).not.toEqual([]);
      const allowed = METHODS.filter((method) => registered.some((operation) => operation.method === method));
      for (const method of METHODS) {
        const handler = route[method];
        expect({ method, declared: typeof handler }).toEqual({ method, declared: 'function' });
        const operation = registered.find((candidate) => candidate.method === method);
        if (operation) {
          expect({ method, serves: handler!.operation }).toEqual({ method, serves: operation });
          expect(handler!.operation).toBe(operation);
        } else {
          const answer = await call(handler!, method, folder);
          expect({ method, status: answer.status, allow: answer.headers.get('allow') }).toEqual({
            method,
            status: 405,
            allow: [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', '),
          });
        }
      }
      // OPTIONS answers what a 405 names (Next would otherwise list every exported method).
      const options = await call(route.OPTIONS!, 'OPTIONS', folder);
      expect({ status: options.status, allow: options.headers.get('allow') }).toEqual({
        status: 204,
        allow: [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', '),
      });
      const others = Object.keys(route).filter(
        (name) =>
          !(METHODS as readonly string[]).includes(name) && name !== 'OPTIONS' && !CONFIG_EXPORTS.includes(name),
      );
      expect(others).toEqual([]);
    },
  );

  it('every registered operation has a route file in the folder of its path', () => {
    const orphans = operations.filter((operation) => !folders.includes(operation.path));
    expect(orphans.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });

  it('every operation has its handler, named as it and bound to it, in its module’s endpoints', async () => {
    const unbound: string[] = [];
    for (const [module, moduleOperations] of Object.entries(operationModules)) {
      const endpoints = (await endpointModules[module as keyof typeof endpointModules]()) as RouteModule;
      for (const [name, operation] of Object.entries(moduleOperations as Record<string, Operation>)) {
        if (endpoints[name]?.operation !== operation) unbound.push(`${module}.${name}`);
      }
    }
    expect(unbound).toEqual([]);
  });

  it('the catch-all answers 404 to every method', async () => {
    const route = await loadRoute(CATCH_ALL);
    for (const method of METHODS) {
      const answer = await call(route[method]!, method, '/nope');
      expect({ method, status: answer.status, code: (await answer.json()).code }).toEqual({
        method,
        status: 404,
        code: 'not_found',
      });
    }
  });
});
