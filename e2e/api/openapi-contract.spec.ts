import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { APIResponse } from '@playwright/test';
import ts from 'typescript';
import { expect, test, uniqueIp, type ApiClient } from '../fixtures/api';
import { demoUser } from '../fixtures/demo-users';
import type { RunJourney } from '../openapi-client/journey';

/**
 * The contract as served: `openapi.json` is what a third party feeds its tools, so this suite uses
 * it as they would — Redocly's recommended lint, types from openapi-typescript with its default
 * settings, and a small openapi-fetch client (e2e/openapi-client) type-checked strictly and run
 * against this server without following redirects — and checks that the answers carry what the
 * document promises (methods, Allow, headers, content types).
 */

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const CLIENT_FOLDER = path.join(ROOT, 'e2e/openapi-client');
const execFileAsync = promisify(execFile);

/** Runs one of the tools from node_modules/.bin; its output, and whether it exited 0. */
async function tool(name: string, args: string[]): Promise<{ isOk: boolean; stdout: string; output: string }> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  try {
    const { stdout, stderr } = await execFileAsync(path.join(BIN, name), args, { cwd: ROOT, env, maxBuffer: 64 << 20 });
    return { isOk: true, stdout, output: `${stdout}\n${stderr}` };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { isOk: false, stdout, output: `${stdout}\n${stderr}` };
  }
}

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;
type Method = (typeof METHODS)[number];

interface HeaderObject {
  $ref?: string;
  required?: boolean;
}
interface ResponseObject {
  headers?: Record<string, HeaderObject>;
  content?: Record<string, unknown>;
}
interface OperationObject {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
  responses: Record<string, ResponseObject>;
  security?: unknown[];
}
interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<string, Partial<Record<Method, OperationObject>>>;
  components: { headers: Record<string, HeaderObject> };
}

async function servedDocument(api: ApiClient): Promise<OpenApiDocument> {
  const answer = await api.get('/api/v1/openapi.json', { maxRedirects: 0 });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as OpenApiDocument;
}

/** A concrete URL of a documented path (any well-formed id), without or with the trailing slash. */
function urlOf(document: OpenApiDocument, documented: string, withSlash = false): string {
  const concrete = documented.replace(/\{n\}/g, '1').replace(/\{[^}]+\}/g, '6f0c2d38-6a3f-4c43-9d2b-3b8f4a1c2e10');
  return `${document.servers[0]!.url}${concrete}${withSlash ? '/' : ''}`;
}

/** The answer is one the document describes: its status, every required header, its media type. */
async function expectDocumented(document: OpenApiDocument, method: Method, documented: string, answer: APIResponse) {
  const label = `${method.toUpperCase()} ${documented} → ${answer.status()}`;
  const described = document.paths[documented]?.[method]?.responses[String(answer.status())];
  expect(described, `${label}: status not documented`).toBeDefined();
  for (const [name, header] of Object.entries(described!.headers ?? {})) {
    const resolved = header.$ref ? document.components.headers[header.$ref.split('/').pop()!] : header;
    if (resolved?.required) expect(answer.headers()[name.toLowerCase()], `${label}: header ${name}`).toBeDefined();
  }
  if ((await answer.body()).length === 0) return;
  const mediaType = answer.headers()['content-type']?.split(';')[0];
  expect(Object.keys(described!.content ?? {}), `${label}: content type`).toContain(mediaType);
}

test.describe('the contract as served', () => {
  // Tools that start Node and read a 10,000-line document: seconds each, on a busy machine more.
  test.describe.configure({ timeout: 120_000 });

  test('passes Redocly’s recommended lint (the license aside)', async ({ api }, testInfo) => {
    const file = testInfo.outputPath('openapi.json');
    writeFileSync(file, JSON.stringify(await servedDocument(api)));
    const lint = await tool('redocly', ['lint', file, `--config=${path.join(ROOT, 'redocly.yaml')}`, '--format=json']);
    expect(lint.isOk, lint.output).toBe(true);
    const report = JSON.parse(lint.stdout) as { totals: Record<string, number>; problems: { message: string }[] };
    expect(report.problems.map((problem) => problem.message)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  });

  test('a client generated with openapi-typescript’s defaults type-checks strictly and works without redirects', async ({
    api,
  }, testInfo) => {
    const folder = testInfo.outputPath('client');
    mkdirSync(folder, { recursive: true });
    const schema = path.join(folder, 'openapi.json');
    writeFileSync(schema, JSON.stringify(await servedDocument(api)));
    // Default settings: only input and output.
    const generated = await tool('openapi-typescript', [schema, '--output', path.join(folder, 'benefits-api.d.ts')]);
    expect(generated.isOk, generated.output).toBe(true);

    const client = path.join(folder, 'contract-client.ts');
    for (const file of ['contract-client.ts', 'journey.ts']) {
      // What a third party's client is held to: no casts, no `any`, no non-null assertions, no ts-ignore.
      expect(escapesFromTypes(readFileSync(path.join(CLIENT_FOLDER, file), 'utf8')), file).toEqual([]);
      copyFileSync(path.join(CLIENT_FOLDER, file), path.join(folder, file));
    }
    const program = ts.createProgram([client], {
      strict: true,
      noUncheckedIndexedAccess: true,
      noImplicitReturns: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      // The client is checked, against the generated declarations; checking those and the libraries' own
      // declarations as well doubles the time (8 → 14 s on a busy machine) and tests nothing of ours.
      skipLibCheck: true,
      outDir: folder,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
    // Run exactly what was checked: the emitted module, an ES module beside the repository's node_modules.
    expect(program.emit().emitSkipped).toBe(false);
    writeFileSync(path.join(folder, 'package.json'), '{ "type": "module" }');
    const { runJourney } = (await import(pathToFileURL(path.join(folder, 'contract-client.js')).href)) as {
      runJourney: RunJourney;
    };

    const admin = demoUser('admin');
    const marker = `contract${Date.now().toString(36)}`;
    const origin = new URL(testInfo.project.use.baseURL!).origin;
    const result = await runJourney({
      origin,
      email: admin.email,
      password: admin.password,
      marker,
      headers: { 'x-forwarded-for': api.ip },
    });

    expect(result.taskTotal).toBeGreaterThanOrEqual(0);
    expect(result.task.location).toBe(`/api/v1/tasks/${result.task.id}`);
    expect(result.task.etag).toBe('W/"1"');
    expect(result.task.readEtag).toBe('W/"1"');
    expect(result.updated).toEqual({ status: 'in_progress', etag: 'W/"2"' });
    expect(result.stale).toEqual({ status: 409, code: 'conflict' });
    expect(result.deletedStatus).toBe(204);
    expect(result.account.location).toBe(`/api/v1/accounts/${result.account.id}`);
    expect(result.account.status).toBe('draft');
    expect(result.csv.contentType).toMatch(/^text\/csv\b/);
    expect(result.csv.text).toContain(`${marker} Vertrag prüfen`);

    // Location names where the record is read, with no redirect on the way.
    const { id_token: token } = await api.login(admin.email, admin.password);
    const created = await api.get(result.account.location, {
      headers: { authorization: `Bearer ${token}` },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(200);
    expect(((await created.json()) as { name: string }).name).toBe(`${marker} Contract GmbH`);
  });

  test('every path answers with and without its trailing slash, and Allow names the documented methods', async ({
    api,
  }) => {
    const document = await servedDocument(api);
    const failures: string[] = [];
    for (const [documented, item] of Object.entries(document.paths)) {
      const declared = METHODS.filter((method) => item[method]);
      const allow = [
        ...declared.map((method) => method.toUpperCase()),
        ...(declared.includes('get') ? ['HEAD'] : []),
        'OPTIONS',
      ];
      for (const withSlash of [false, true]) {
        const url = urlOf(document, documented, withSlash);
        const options = await api.fetch(url, { method: 'OPTIONS', maxRedirects: 0 });
        if (options.status() !== 204 || !sameMethods(options.headers()['allow'], allow)) {
          failures.push(`OPTIONS ${url}: ${options.status()} Allow: ${options.headers()['allow']}`);
        }
        // An undeclared method reaches the same handler in both forms: asked once.
        for (const method of withSlash ? declared : METHODS) {
          // Without a token: nothing runs, and the answer still shows the route was found without a redirect.
          const answer = await api.fetch(url, {
            method,
            maxRedirects: 0,
            ...(method === 'get' || method === 'delete' ? {} : { data: {} }),
          });
          if (!declared.includes(method)) {
            if (answer.status() !== 405 || !sameMethods(answer.headers()['allow'], allow)) {
              failures.push(`${method.toUpperCase()} ${url}: ${answer.status()} Allow: ${answer.headers()['allow']}`);
            }
            continue;
          }
          if (answer.status() >= 300 && answer.status() < 400) {
            failures.push(`${method.toUpperCase()} ${url}: ${answer.status()} → ${answer.headers()['location']}`);
            continue;
          }
          await expectDocumented(document, method, documented, answer);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test('pages keep Next’s trailing-slash redirect, relative and with the query', async ({ api }) => {
    for (const [from, to] of [
      ['/accounts?view=distributor', '/accounts/?view=distributor'],
      ['/login', '/login/'],
    ]) {
      const answer = await api.get(from!, { maxRedirects: 0 });
      expect(answer.status(), from).toBe(308);
      expect(answer.headers()['location'], from).toBe(to);
    }
    // A path that ends like a file name is left as it is (here it meets the guard).
    const file = await api.get('/accounts/contract.css', { maxRedirects: 0 });
    expect(file.status()).toBe(307);
    expect(file.headers()['location']).toMatch(/^\/login\//);
  });

  test('the refusals carry what the document says: 401, 415, 428, 429 with Retry-After', async ({ api }) => {
    const document = await servedDocument(api);
    const admin = demoUser('admin');
    const { id_token: token } = await api.login(admin.email, admin.password);
    const auth = { authorization: `Bearer ${token}` };

    const unsigned = await api.get('/api/v1/tasks');
    expect(unsigned.status()).toBe(401);
    await expectDocumented(document, 'get', '/tasks', unsigned);

    const wrongType = await api.post('/api/v1/tasks', {
      headers: { ...auth, 'content-type': 'text/plain' },
      data: '{"title":"x"}',
    });
    expect(wrongType.status()).toBe(415);
    await expectDocumented(document, 'post', '/tasks', wrongType);

    const created = await api.post('/api/v1/whitelist', {
      headers: auth,
      data: await whitelistEntryFor(api, auth),
    });
    expect(created.status()).toBe(201);
    await expectDocumented(document, 'post', '/whitelist', created);
    const entry = (await created.json()) as { id: string };
    const blind = await api.delete(`/api/v1/whitelist/${entry.id}`, { headers: auth });
    expect(blind.status()).toBe(428);
    await expectDocumented(document, 'delete', '/whitelist/{id}', blind);
    const removed = await api.delete(`/api/v1/whitelist/${entry.id}`, {
      headers: { ...auth, 'if-match': created.headers()['etag']! },
    });
    expect(removed.status()).toBe(204);
    await expectDocumented(document, 'delete', '/whitelist/{id}', removed);

    const flood = api.from(uniqueIp());
    let limited: APIResponse | undefined;
    for (let attempt = 1; attempt <= 21 && !limited; attempt += 1) {
      const answer = await flood.post('/api/v1/auth/login', {
        data: { email: `contract-${attempt}@example.invalid`, password: 'Falsch' },
      });
      if (answer.status() === 429) limited = answer;
      else await expectDocumented(document, 'post', '/auth/login', answer);
    }
    expect(limited).toBeDefined();
    await expectDocumented(document, 'post', '/auth/login', limited!);
    expect(Number(limited!.headers()['retry-after'])).toBeGreaterThan(0);
  });
});

function sameMethods(header: string | undefined, expected: string[]): boolean {
  const have = (header ?? '').split(',').map((method) => method.trim());
  return have.length === expected.length && expected.every((method) => have.includes(method));
}

/** Casts, `any`, non-null assertions and ts-ignore in a TypeScript source: what a typed client must not need. */
function escapesFromTypes(source: string): string[] {
  const file = ts.createSourceFile('client.ts', source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isAsExpression(node) ||
      ts.isTypeAssertionExpression(node) ||
      ts.isNonNullExpression(node) ||
      node.kind === ts.SyntaxKind.AnyKeyword
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`line ${line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (/@ts-(ignore|expect-error|nocheck)/.test(source)) found.push('a @ts- comment');
  return found;
}

/** A whitelist entry for the first account in reach, with a value nobody has. */
async function whitelistEntryFor(api: ApiClient, headers: Record<string, string>) {
  const accounts = (await (await api.get('/api/v1/accounts?perPage=1&status=active', { headers })).json()) as {
    items: { id: string }[];
  };
  return { accountId: accounts.items[0]!.id, value: `contract-${Date.now().toString(36)}.example.com` };
}
