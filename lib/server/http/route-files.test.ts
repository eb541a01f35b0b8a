/** @jest-environment node */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { operations } from './operations';
import type { Operation } from './operation';
import * as accounts from './operations/accounts';
import * as approvals from './operations/approvals';
import * as auth from './operations/auth';
import * as changes from './operations/changes';
import * as documents from './operations/documents';
import * as exportOperations from './operations/export';
import * as identity from './operations/identity';
import * as profile from './operations/profile';
import * as users from './operations/users';
import * as whitelist from './operations/whitelist';
import * as tasks from './operations/tasks';
import * as dashboard from './operations/dashboard';

const API_ROOT = path.join(process.cwd(), 'app/api/v1');
const MODULES: Record<string, Record<string, Operation>> = {
  accounts,
  approvals,
  auth,
  changes,
  documents,
  export: exportOperations,
  identity,
  profile,
  users,
  whitelist,
  tasks,
  dashboard,
};
// The catch-all answers 404 for unknown paths; it serves no operation.
const CATCH_ALL = '/[[...path]]';

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === 'route.ts' ? [full] : [];
  });
}

/** The API path a route file serves: its folder below app/api/v1, `[id]` kept as the operations write it. */
const folderPath = (file: string) => `/${path.relative(API_ROOT, path.dirname(file)).split(path.sep).join('/')}`;

/** `[resource]` in a folder stands for one concrete segment of the operation's path (`accounts.csv`). */
function matchesFolder(operationPath: string, folder: string): boolean {
  const want = folder.split('/');
  const have = operationPath.split('/');
  return (
    want.length === have.length &&
    want.every((segment, index) => segment === have[index] || (/^\[\w+\]$/.test(segment) && !/^\[/.test(have[index]!)))
  );
}

/** The operations a route file hands to `route(…)`, resolved through its `import * as x from '…/operations/<m>'`. */
function operationsUsedBy(source: string): Operation[] {
  const aliases = new Map<string, string>();
  for (const match of source.matchAll(/import \* as (\w+) from '@\/lib\/server\/http\/operations\/(\w+)'/g)) {
    aliases.set(match[1]!, match[2]!);
  }
  return [...source.matchAll(/route\((\w+)\.(\w+)/g)].map(([, alias, name]) => {
    const moduleName = aliases.get(alias!);
    const operation = moduleName ? MODULES[moduleName]?.[name!] : undefined;
    if (!operation) throw new Error(`route(${alias}.${name}) names no known operation`);
    return operation;
  });
}

describe('API route files and the operations index', () => {
  const files = routeFiles(API_ROOT).filter((file) => folderPath(file) !== CATCH_ALL);

  it('finds the route files', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((file) => [folderPath(file), file]))(
    '%s serves registered operations of its own path',
    (folder, file) => {
      const used = operationsUsedBy(readFileSync(file, 'utf8'));
      expect(used.length).toBeGreaterThan(0);
      for (const operation of used) {
        // Registered: in the index, and so in openapi.json.
        expect(operations).toContain(operation);
        expect({ operation: `${operation.method} ${operation.path}`, folder }).toEqual({
          operation: `${operation.method} ${operation.path}`,
          folder: matchesFolder(operation.path, folder) ? folder : `a folder matching ${operation.path}`,
        });
      }
    },
  );

  it('every registered operation has a route file', () => {
    const folders = files.map(folderPath);
    const orphans = operations.filter((operation) => !folders.some((folder) => matchesFolder(operation.path, folder)));
    expect(orphans.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });
});
