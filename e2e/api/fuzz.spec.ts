import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { expect, test, type ApiClient } from '../fixtures/api';
import { demoUser } from '../fixtures/demo-users';
import { describeHealth, HEALTH_LIMIT_MS, startHealthSampler } from '../fixtures/health-sampler';

/**
 * Hostile input against every operation of the API, generated from `openapi.json` — built ones and
 * future ones alike. Each case must answer a 4xx in the SPEC's error shape without dropping the
 * connection, and nothing may be stored: the totals of every list are the same before and after.
 * Runs as its own project after the API and browser tests, so no other test changes those totals.
 * Meanwhile `GET /api/v1/health/` is sampled from a process of its own: no hostile request may hold
 * the event loop, so no sample may take longer than 250 ms (issue 24).
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
};

interface OpenApiOperation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<Lowercase<Method>, OpenApiOperation>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

const MARKER = `fuzz${Date.now().toString(36)}`;
const ERROR_CODES_4XX = new Set([400, 401, 403, 404, 405, 409, 412, 413, 415, 422, 428, 429]);

let doc: OpenApiDocument;

/** The URL of an API path: with the trailing slash the app uses, except for files such as `openapi.json`. */
const apiUrl = (path: string) => `/api/v1${path}${/\.[a-z0-9]+$/i.test(path) ? '' : '/'}`;

function resolve(schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 20; depth++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** A value the schema accepts, as far as a generator can tell (patterns are matched from a few candidates). */
function sample(raw: JsonSchema | undefined, depth = 0): unknown {
  const schema = resolve(raw);
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) {
    const option = choice.find((candidate) => typeOf(resolve(candidate)) !== 'null') ?? choice[0];
    return sample(option, depth + 1);
  }
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((part) => sample(part, depth + 1)));
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = sample(schema.properties?.[key], depth + 1);
      return value;
    }
    case 'array':
      return schema.minItems ? [sample(schema.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return `${MARKER}@example.com`;
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      const candidates = [`${MARKER} Test`, 'DE', '10115', 'DE123456789', `${MARKER}-Passwort-2026!`];
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
      const fit = candidates.find((candidate) => !pattern || pattern.test(candidate)) ?? candidates[0]!;
      return fit.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return schema.default ?? null;
  }
}

interface Case {
  name: string;
  method: Method;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Besides any 4xx: a status the case must answer exactly. */
  status?: number;
  /** The statuses openapi.json documents for the operation: the answer must be one of them. */
  documented?: string[];
}

/** Top-level string properties of a body schema (where NUL and friends are tried). */
function stringProperties(schema: JsonSchema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => {
      const resolved = resolve(property);
      const options = resolved.anyOf ?? resolved.oneOf ?? [resolved];
      return options.some(
        (option) => typeOf(resolve(option)) === 'string' && !resolve(option).enum && !resolve(option).format,
      );
    })
    .map(([key]) => key);
}

/** Top-level properties of a body schema that take a calendar day (alone or nullable). */
function dateProperties(schema: JsonSchema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => {
      const resolved = resolve(property);
      return (resolved.anyOf ?? resolved.oneOf ?? [resolved]).some((option) => resolve(option).format === 'date');
    })
    .map(([key]) => key);
}

/** Days PostgreSQL or the UI cannot hold: a 422 wherever a day is taken, never a database error (issue 45). */
const BAD_DAYS: Record<string, string> = {
  'year 0': '0000-01-01',
  'year 10000': '10000-01-01',
  '-infinity': '-infinity',
  infinity: 'infinity',
};

const STRICT_TEXT = new Set(['NUL', 'lone surrogate']);
const HOSTILE_TEXT: Record<string, string> = {
  NUL: 'a\u0000b',
  'bidi override': '\u202egnp.exe',
  'invisible only': '\u200b\u200b\u2060',
  'lone surrogate': 'a\ud800b',
};

function casesFor(path: string, method: Method, operation: OpenApiOperation): Case[] {
  const cases: Case[] = [];
  const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
  const withIds = (id: (name: string) => string) =>
    pathParams.reduce((url, parameter) => url.replace(`{${parameter.name}}`, id(parameter.name)), path);
  // A well-formed id of nothing: the body and query are checked before any record is looked up. A
  // parameter that names one of a few things (an enum, e.g. the list of `/profile/columns/{list}`)
  // takes its first value: any other answers 404 before the body is read.
  const wellFormed = (name: string) => {
    const parameter = pathParams.find((candidate) => candidate.name === name);
    const values = parameter ? resolve(parameter.schema).enum : undefined;
    return typeof values?.[0] === 'string' ? values[0] : randomUUID();
  };
  const base = apiUrl(withIds(wellFormed));
  const label = `${method} ${path}`;

  for (const badId of ['not-a-uuid', '%00', '..%2F..%2Fhealth', '%E2%80%AEexe', `${'9'.repeat(300)}`]) {
    if (!pathParams.length) break;
    cases.push({
      name: `${label}: id ${badId.slice(0, 20)}`,
      method,
      path: apiUrl(withIds(() => badId)),
      status: 404,
    });
  }

  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  for (const parameter of query) {
    const schema = resolve(parameter.schema);
    const hostile: Record<string, string> = {
      NUL: '%00',
      'bidi override': '%E2%80%AEx',
      // Under Node's 16 KiB header limit, which answers 431 by itself.
      huge: 'x'.repeat(8_000),
    };
    if (typeOf(schema) === 'integer' || typeOf(schema) === 'number') {
      Object.assign(hostile, { 'not a number': 'abc', negative: '-1', enormous: '1e309' });
    }
    if (schema.enum) hostile['unknown value'] = 'bogus';
    for (const [what, value] of Object.entries(hostile)) {
      if (what === 'huge' && !(typeOf(schema) === 'string' && !schema.enum && !schema.format)) continue;
      cases.push({ name: `${label}: ?${parameter.name} ${what}`, method, path: `${base}?${parameter.name}=${value}` });
    }
    if (schema.format !== 'date') continue;
    for (const [what, value] of Object.entries(BAD_DAYS)) {
      cases.push({
        name: `${label}: ?${parameter.name} ${what}`,
        method,
        path: `${base}?${parameter.name}=${encodeURIComponent(value)}`,
        status: 422,
      });
    }
  }

  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  if (bodySchema) {
    const schema = resolve(bodySchema);
    const valid = (sample(schema) ?? {}) as Record<string, unknown>;
    const json = (value: unknown) => JSON.stringify(value);
    const send = (name: string, body: string | Buffer, headers: Record<string, string> = {}, status?: number) =>
      cases.push({
        name: `${label}: ${name}`,
        method,
        path: base,
        body,
        headers: { 'content-type': 'application/json', ...headers },
        status,
      });

    // Playwright sends a string that is not JSON as a JSON string; bytes go as they are.
    send('invalid JSON', Buffer.from('{"a":'), {}, 400);
    send(
      'invalid UTF-8',
      Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
      {},
      400,
    );
    send('wrong content type', json(valid), { 'content-type': 'text/plain' }, 415);
    for (const other of ['[]', '"text"', 'null', '42', 'true']) send(`body ${other}`, other);
    send('unknown field', json({ ...valid, [`${MARKER}Unknown`]: true }), {}, 422);
    send('deep nesting', `{"x":${'['.repeat(50_000)}${']'.repeat(50_000)}}`);
    send('oversize body', json({ ...valid, [Object.keys(valid)[0] ?? 'x']: 'x'.repeat(2 * 1024 * 1024) }), {}, 413);
    for (const key of schema.required ?? []) {
      const { [key]: _dropped, ...rest } = valid;
      send(`missing ${key}`, json(rest), {}, 422);
    }
    for (const key of Object.keys(schema.properties ?? {})) {
      send(`${key} of the wrong type`, json({ ...valid, [key]: { [MARKER]: [1, 2] } }), {}, 422);
    }
    for (const key of stringProperties(schema)) {
      for (const [what, value] of Object.entries(HOSTILE_TEXT)) {
        // Secrets (passwords, tokens) are taken as typed: only what cannot be text must be a 422 there.
        send(`${key} ${what}`, json({ ...valid, [key]: value }), {}, STRICT_TEXT.has(what) ? 422 : undefined);
      }
      send(`${key} huge`, json({ ...valid, [key]: `${MARKER}${'x'.repeat(300_000)}` }));
    }
    for (const key of dateProperties(schema)) {
      for (const [what, value] of Object.entries(BAD_DAYS))
        send(`${key} ${what}`, json({ ...valid, [key]: value }), {}, 422);
    }
  }
  return cases.map((testCase) => ({ ...testCase, documented: Object.keys(operation.responses) }));
}

async function check(api: ApiClient, token: string, testCase: Case): Promise<string | null> {
  let response: APIResponse;
  try {
    response = await api.fetch(testCase.path, {
      method: testCase.method,
      headers: { authorization: `Bearer ${token}`, ...testCase.headers },
      data: testCase.body,
      maxRedirects: 0,
    });
  } catch (error) {
    return `${testCase.name}: no answer (${error instanceof Error ? error.message.split('\n')[0] : error})`;
  }
  const status = response.status();
  const text = await response.text();
  if (testCase.status !== undefined ? status !== testCase.status : !ERROR_CODES_4XX.has(status)) {
    return `${testCase.name}: ${status} ${text.slice(0, 160)}`;
  }
  if (testCase.documented && !testCase.documented.includes(String(status))) {
    return `${testCase.name}: ${status} is not documented in openapi.json`;
  }
  let body: { statusCode?: unknown; code?: unknown; message?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `${testCase.name}: ${status} is not JSON: ${text.slice(0, 80)}`;
  }
  if (body.statusCode !== status || typeof body.code !== 'string' || typeof body.message !== 'string') {
    return `${testCase.name}: ${status} not in the error shape: ${text.slice(0, 160)}`;
  }
  return null;
}

/** The total of every list the API has (GET without path parameters, answering `{items, total}`). */
async function totals(api: ApiClient, token: string): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!operations.get || path.includes('{')) continue;
    const response = await api.get(`${apiUrl(path)}?perPage=1`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status() !== 200 || !(response.headers()['content-type'] ?? '').includes('json')) continue;
    const body = (await response.json()) as { total?: unknown; items?: unknown[] };
    if (typeof body.total === 'number') result[path] = body.total;
    else if (Array.isArray(body.items)) result[path] = body.items.length;
  }
  return result;
}

test.describe('fuzzing every operation', () => {
  test.describe.configure({ timeout: 600_000 });

  test('hostile input answers 4xx in the error shape and stores nothing', async ({ api }) => {
    const admin = demoUser('admin');
    const { id_token: token } = await api.login(admin.email, admin.password);
    const answer = await api.get('/api/v1/openapi.json');
    expect(answer.status()).toBe(200);
    doc = (await answer.json()) as OpenApiDocument;

    const before = await totals(api, token);
    expect(Object.keys(before).length, 'no list found to count rows with').toBeGreaterThan(1);
    // From here on (after the first answers of openapi.json and every list, whose one-time
    // start-up work on a cold server is no request holding the loop): /health/ is sampled.
    const health = startHealthSampler(test.info().project.use.baseURL!);

    const cases: Case[] = [];
    let operationCount = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      const declared = METHODS.filter((method) => operations[method.toLowerCase() as Lowercase<Method>]);
      for (const method of declared) {
        operationCount += 1;
        cases.push(...casesFor(path, method, operations[method.toLowerCase() as Lowercase<Method>]!));
      }
      const concrete = apiUrl(path.replace(/\{[^}]+\}/g, () => randomUUID()));
      for (const method of METHODS.filter((candidate) => !declared.includes(candidate))) {
        cases.push({ name: `${method} ${path}: undeclared method`, method, path: concrete, status: 405 });
      }
    }
    for (const path of ['/api/v1/', `/api/v1/${MARKER}/`, '/api/v1/accounts/%2e%2e/', '/api/v1/accounts/x/y/z/']) {
      cases.push({ name: `GET ${path}: unknown path`, method: 'GET', path, status: 404 });
    }

    const failures: string[] = [];
    // When each case ran, to name the ones beside a slow health sample.
    const timeline: { name: string; start: number; end: number }[] = [];
    for (const testCase of cases) {
      const start = Date.now();
      const failure = await check(api, token, testCase);
      timeline.push({ name: testCase.name, start, end: Date.now() });
      if (failure) failures.push(failure);
    }

    // An undeclared method must also name the allowed ones.
    const allowed = await api.fetch('/api/v1/accounts/', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(allowed.headers()['allow']).toBe('GET, POST, HEAD, OPTIONS');

    const afterStart = Date.now();
    const after = await totals(api, token);
    timeline.push({ name: 'the totals after the cases', start: afterStart, end: Date.now() });
    const liveness = await health.stop();
    const summary = `${operationCount} operations, ${cases.length} cases, ${failures.length} failures`;
    test.info().annotations.push({ type: 'fuzz', description: summary });
    test.info().annotations.push({ type: 'health during fuzz', description: describeHealth(liveness) });
    console.log(`[fuzz] ${summary}; /api/v1/health/: ${describeHealth(liveness)}`);
    expect(failures, summary).toEqual([]);
    expect(after, 'rows were stored by hostile requests').toEqual(before);
    expect(liveness.samples, 'the health sampler took no samples').toBeGreaterThan(10);
    expect(liveness.failed, describeHealth(liveness)).toBe(0);
    const beside = liveness.slow.map((slow) => {
      const from = Date.parse(slow.at);
      const names = timeline.filter((entry) => entry.start <= from + slow.ms && entry.end >= from);
      return `${slow.ms} ms beside ${names.map((entry) => entry.name).join(', ') || 'no case'}`;
    });
    expect(liveness.maxMs, `a request held the event loop: ${beside.join('; ')}`).toBeLessThanOrEqual(HEALTH_LIMIT_MS);
  });
});
