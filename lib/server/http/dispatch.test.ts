/** @jest-environment node */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { resolveApiRoute } from './dispatch';
import { operations } from './operations';
import { routeModules } from './route-modules';

const API_FOLDER = path.join(process.cwd(), 'app/api/v1');
const ID = '6f0c2d38-6a3f-4c43-9d2b-3b8f4a1c2e10';

function routeFilePatterns(folder: string, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeFilePatterns(path.join(folder, entry.name), `${prefix}/${entry.name}`);
    return entry.name === 'route.ts' ? [prefix || '/'] : [];
  });
}

describe('the in-process route table', () => {
  it('lists every route file under app/api/v1, and nothing else', () => {
    expect(Object.keys(routeModules).sort()).toEqual(routeFilePatterns(API_FOLDER).sort());
  });

  it.each(operations.map((operation) => [operation.method, operation.path]))(
    'routes %s %s to its own route file',
    (_method, operationPath) => {
      const route = resolveApiRoute(`${operationPath.replace('[id]', ID)}/`);
      expect(route?.pattern).toBe(operationPath.startsWith('/export/') ? '/export/[resource]' : operationPath);
    },
  );

  it('prefers a static segment to a dynamic one, as Next does', () => {
    expect(resolveApiRoute('/accounts/distributors/')).toEqual({ pattern: '/accounts/distributors', params: {} });
    expect(resolveApiRoute(`/accounts/${ID}/`)).toEqual({ pattern: '/accounts/[id]', params: { id: ID } });
  });

  it('decodes params and hands unknown paths to the catch-all', () => {
    expect(resolveApiRoute('/users/a%20b/lock/')).toEqual({ pattern: '/users/[id]/lock', params: { id: 'a b' } });
    expect(resolveApiRoute('/nope/deeper/')).toEqual({ pattern: '/[[...path]]', params: { path: ['nope', 'deeper'] } });
    expect(resolveApiRoute('/')).toEqual({ pattern: '/[[...path]]', params: {} });
  });
});
