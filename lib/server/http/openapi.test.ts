/** @jest-environment node */
import { operations } from './operations';
import { buildOpenApiDocument, documentedPath, operationIdOf } from './openapi';
import { successStatusOf } from './operation';

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Json;
}
interface ResponseObject {
  headers?: Record<string, Json>;
  content?: Record<string, Json>;
}
interface OperationObject {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, ResponseObject>;
}
interface Document {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Json> };
}

const document = buildOpenApiDocument(operations) as unknown as Document;
const documented = (operation: (typeof operations)[number]) =>
  document.paths[documentedPath(operation)]![operation.method.toLowerCase()]!;
const label = (operation: (typeof operations)[number]) => `${operation.method} ${operation.path}`;
/** Names what is missing when it is. */
const expectPresent = (what: string, value: unknown) =>
  expect({ [what]: value !== undefined }).toEqual({ [what]: true });

/** Every `default` keyword below a schema, following `$ref`s into the components. */
function defaultsIn(schema: unknown, seen = new Set<string>()): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item) => defaultsIn(item, seen));
  if (!schema || typeof schema !== 'object') return [];
  const record = schema as Json;
  const found: string[] = 'default' in record ? [JSON.stringify(record)] : [];
  if (typeof record.$ref === 'string' && !seen.has(record.$ref)) {
    seen.add(record.$ref);
    found.push(...defaultsIn(document.components.schemas[record.$ref.split('/').pop()!], seen));
  }
  return [...found, ...Object.values(record).flatMap((value) => defaultsIn(value, seen))];
}

describe('openapi.json', () => {
  it('names every operation by method and path, uniquely', () => {
    expect(operationIdOf({ method: 'GET', path: '/accounts/[id]/children' })).toBe('getAccountsByIdChildren');
    expect(operationIdOf({ method: 'GET', path: '/documents/[id]/versions/[n]/content' })).toBe(
      'getDocumentsByIdVersionsByNContent',
    );
    expect(operationIdOf({ method: 'POST', path: '/users/[id]/resend-invitation' })).toBe(
      'postUsersByIdResendInvitation',
    );
    expect(operationIdOf({ method: 'GET', path: '/export/accounts.csv' })).toBe('getExportAccountsCsv');
    const ids = operations.map((operation) => documented(operation).operationId);
    expect(new Set(ids).size).toBe(operations.length);
  });

  it('lists paths without a trailing slash, with {param} for [param]', () => {
    for (const path of Object.keys(document.paths)) {
      expect(path).toMatch(/^\/[^[\]]*[^/]$/);
    }
    expect(document.paths['/tasks/{id}']).toHaveProperty('patch');
  });

  it('documents the success status the wrapper sends', () => {
    for (const operation of operations) {
      expect({ [label(operation)]: Object.keys(documented(operation).responses) }).toEqual({
        [label(operation)]: expect.arrayContaining([String(successStatusOf(operation))]),
      });
    }
    const remove = operations.find(
      (operation) => operation.method === 'DELETE' && operation.path === '/documents/[id]',
    );
    expect(remove && successStatusOf(remove)).toBe(204);
  });

  it('marks every request body required, and request schemas say their defaults instead of `default`', () => {
    for (const operation of operations) {
      const { requestBody, parameters = [] } = documented(operation);
      if (operation.body || operation.rawBody)
        expect({ [label(operation)]: requestBody?.required }).toEqual({ [label(operation)]: true });
      expect({ [label(operation)]: defaultsIn([requestBody, parameters]) }).toEqual({ [label(operation)]: [] });
    }
    const accountCreate = document.components.schemas.AccountCreate as {
      properties: Record<string, Json>;
      required: string[];
    };
    expect(accountCreate.required.sort()).toEqual(['legalForm', 'name']);
    expect(accountCreate.properties.country?.description).toBe('Default: `"DE"`.');
  });

  it('answers every create with its Location and every record with its ETag', () => {
    for (const operation of operations) {
      const success = documented(operation).responses[String(successStatusOf(operation))]!;
      if (successStatusOf(operation) === 201)
        expect({ [label(operation)]: Boolean(operation.location) }).toEqual({ [label(operation)]: true });
      if (operation.location) expectPresent(label(operation), success.headers?.Location);
      if (operation.etag) expectPresent(label(operation), success.headers?.ETag);
    }
  });

  it('takes If-Match wherever 428 can answer; required where the body has no `version` instead', () => {
    const ifMatchOf = (operation: (typeof operations)[number]) =>
      documented(operation).parameters?.find((parameter) => parameter.name === 'if-match' && parameter.in === 'header');
    const answering428 = operations.filter((operation) => operation.errors?.includes(428));
    expect(answering428.length).toBeGreaterThan(0);
    for (const operation of operations) {
      expect({ [label(operation)]: operation.ifMatch === 'required' }).toEqual({
        [label(operation)]: answering428.includes(operation),
      });
      if (operation.ifMatch) expectPresent(label(operation), ifMatchOf(operation));
    }
    const byPath = (method: string, path: string) =>
      operations.find((operation) => operation.method === method && operation.path === path)!;
    expect(ifMatchOf(byPath('DELETE', '/tasks/[id]'))?.required).toBe(true);
    expect(ifMatchOf(byPath('PATCH', '/tasks/[id]'))?.required).toBe(false);
    expect(ifMatchOf(byPath('POST', '/documents/[id]/versions'))?.required).toBe(false);
  });

  it('documents the refusals every operation can meet, with their headers', () => {
    for (const operation of operations) {
      const { responses } = documented(operation);
      if (operation.body || operation.rawBody) {
        expect({ [label(operation)]: Object.keys(responses) }).toEqual({
          [label(operation)]: expect.arrayContaining(['413', '415']),
        });
      }
      if (operation.params) expectPresent(label(operation), responses['404']);
      for (const status of ['423', '429']) {
        if (responses[status])
          expectPresent(`${label(operation)} ${status}`, responses[status].headers?.['Retry-After']);
      }
      if (responses['503']) expectPresent(label(operation), responses['503'].headers?.['Retry-After']);
      if (responses['401']) expectPresent(label(operation), responses['401'].headers?.['WWW-Authenticate']);
    }
  });

  it('declares the media types of files', () => {
    const exports = operations.filter((operation) => operation.path.startsWith('/export/'));
    // Each list export twice: `.csv` and, beside it, `.xlsx` (issue 49).
    expect(exports).toHaveLength(14);
    for (const operation of exports) {
      const type = operation.path.endsWith('.xlsx')
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv';
      expect(Object.keys(documented(operation).responses['200']!.content ?? {})).toEqual([type]);
    }
    const paths = exports.map((operation) => operation.path);
    for (const path of paths.filter((path) => path.endsWith('.csv'))) {
      expect(paths).toContain(path.replace(/\.csv$/, '.xlsx'));
    }
    const content = operations.find((operation) => operation.path.endsWith('/content'))!;
    expect(Object.keys(documented(content).responses['200']!.content ?? {})).toEqual(
      expect.arrayContaining(['application/pdf', 'image/png', 'text/csv']),
    );
  });
});
