import 'server-only';
import { createDocument } from 'zod-openapi';
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiOverride,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { z } from 'zod';
import { errorBodySchema } from '@/lib/schemas/common';
import { API_MOUNT } from './api-path';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema, acceptsIdempotencyKey } from './idempotency';
import { successStatusOf, type Operation } from './operation';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Validation Failed',
  423: 'Locked',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Response headers the API sends, described once (`components.headers`). */
const HEADERS = {
  ETag: {
    description:
      'The record’s version as a weak ETag (`W/"7"`); send it back as `If-Match` to change or delete the record.',
    required: true,
    schema: { type: 'string' },
  },
  Location: {
    description: 'Where the created resource is read: an absolute path on this server (`/api/v1/tasks/{id}`).',
    required: true,
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  WwwAuthenticate: {
    description: '`Bearer`: send a valid access token (`Authorization: Bearer <id_token>` from `POST /auth/login`).',
    required: true,
    schema: { type: 'string' },
  },
  ContentDisposition: {
    description: '`attachment` (or `inline`) with the file name (RFC 6266).',
    required: true,
    schema: { type: 'string' },
  },
} as const;

type HeaderName = keyof typeof HEADERS;
const headerRefs = (names: Partial<Record<string, HeaderName>>) =>
  Object.fromEntries(
    Object.entries(names).map(([name, component]) => [name, { $ref: `#/components/headers/${component}` }]),
  );

const DESCRIPTION = [
  'The benefits API. Errors answer `{statusCode, code, message, details?}` (`Error`).',
  '',
  '**Paths** are listed without a trailing slash; every path answers with and without one alike, never with',
  'a redirect (`/tasks/{id}` and `/tasks/{id}/`, `/export/tasks.csv` and `/export/tasks.csv/`).',
  '',
  '**Versions:** a single record answers its version as a weak `ETag`. A change or delete sends it back as',
  '`If-Match` (a PATCH may send the body field `version` instead); without either the server answers',
  '`428`, with a stale one `409` and the current record in `current`.',
  '',
  '**Methods:** a method a path does not list answers `405` with `Allow` naming the methods it does list',
  '(plus `HEAD` where it lists `GET`, and `OPTIONS`); `OPTIONS` answers `204` with the same `Allow`.',
  '',
  '**Defaults:** a request field that may be left out says its default in its description.',
].join('\n');

/** A multipart body: the text parts of `fields` and the file part `file`. */
function multipartSchema(fields: z.ZodType): z.ZodType {
  const file = z.string().meta({ format: 'binary', description: 'The file (at most MAX_UPLOAD_BYTES)' });
  return fields instanceof z.ZodObject ? fields.extend({ file }) : z.object({ file });
}

/** `GET /accounts/[id]/children` → `getAccountsByIdChildren`: stable as long as the path is. */
export function operationIdOf(operation: Pick<Operation, 'method' | 'path'>): string {
  const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = operation.path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\[(\w+)\]$/.exec(segment);
      return param ? [`By${pascal(param[1]!)}`] : segment.split(/[^A-Za-z0-9]+/).map(pascal);
    });
  return `${operation.method.toLowerCase()}${words.join('')}`;
}

/** The operation's path in the document: `{id}` for `[id]`. */
export function documentedPath(operation: Pick<Operation, 'path'>): string {
  return operation.path.replace(/\[(\w+)\]/g, '{$1}');
}

/** Does a PATCH body take the record's `version` instead of `If-Match`? */
function bodyTakesVersion(operation: Operation): boolean {
  return operation.body instanceof z.ZodObject && 'version' in operation.body.shape;
}

function successResponse(operation: Operation, status: number): ZodOpenApiResponseObject {
  const description = STATUS_TEXT[status] ?? 'OK';
  if (operation.file) {
    return {
      description: `${description}: the file`,
      headers: {
        ...headerRefs({ 'Content-Disposition': 'ContentDisposition' }),
        ...(operation.file.etag
          ? { ETag: { description: operation.file.etag, required: true, schema: { type: 'string' } } }
          : {}),
      },
      content: Object.fromEntries(
        operation.file.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  }
  return {
    description,
    ...(operation.etag || operation.location
      ? {
          headers: headerRefs({
            ...(operation.etag ? { ETag: 'ETag' } : {}),
            ...(operation.location ? { Location: 'Location' } : {}),
          }),
        }
      : {}),
    ...(operation.response && status !== 204
      ? { content: { 'application/json': { schema: operation.response } } }
      : {}),
  };
}

/** Every status the wrapper and the operation can answer besides the success. */
function errorStatuses(operation: Operation): number[] {
  const statuses = new Set([400, 422, 500, ...(operation.errors ?? [])]);
  // 503 service_unavailable / storage_unavailable: the database is away, full or read-only, or
  // too many requests wait for it (with Retry-After).
  if (operation.usesDatabase !== false) statuses.add(503);
  // 409: a retry while the first request with the same Idempotency-Key still runs.
  if (acceptsIdempotencyKey(operation)) statuses.add(409);
  if (operation.idempotencyKey === 'required') statuses.add(428);
  if (operation.access !== 'public') statuses.add(401);
  // 403: the scope is missing, or (MFA_REQUIRED_ROLES) the user must first set up a second factor.
  if (operation.access !== 'public') statuses.add(403);
  // 429: an API key over its 600 requests a minute, or too many unknown keys from one client address.
  if (operation.access !== 'public') statuses.add(429);
  // A malformed id names nothing in reach.
  if (operation.params) statuses.add(404);
  // A body is read within its limit and only in its own media type.
  if (operation.body || operation.rawBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (operation.ifMatch) statuses.add(409);
  if (operation.ifMatch === 'required') statuses.add(428);
  for (const status of operation.answerStatuses ?? []) statuses.delete(status);
  return [...statuses].sort((a, b) => a - b);
}

function errorResponse(status: number): ZodOpenApiResponseObject {
  const headers =
    status === 401
      ? headerRefs({ 'WWW-Authenticate': 'WwwAuthenticate' })
      : status === 423 || status === 429
        ? headerRefs({ 'Retry-After': 'RetryAfter' })
        : status === 409 || status === 503
          ? // 409 of an Idempotency-Key still in use and every 503 say when to retry; a version conflict does not.
            { 'Retry-After': { description: HEADERS.RetryAfter.description, schema: HEADERS.RetryAfter.schema } }
          : undefined;
  return {
    description: STATUS_TEXT[status] ?? 'Internal Server Error',
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: errorBodySchema } },
  };
}

function ifMatchParameter(operation: Operation) {
  const isRequired = operation.ifMatch === 'required' && !bodyTakesVersion(operation);
  const description =
    operation.ifMatch === 'optional'
      ? 'The version this change builds on (the `ETag` of a read); a stale one answers 409.'
      : `The version this change builds on (the \`ETag\` of a read); a stale one answers 409${
          isRequired ? ', none 428' : ', none (and no `version` in the body) 428'
        }.`;
  return {
    in: 'header' as const,
    name: 'if-match',
    required: isRequired,
    description,
    schema: { type: 'string' as const },
  };
}

function toOperationObject(operation: Operation): ZodOpenApiOperationObject {
  const status = successStatusOf(operation);
  const responses: Record<string, ZodOpenApiResponseObject> = { [String(status)]: successResponse(operation, status) };
  for (const other of operation.answerStatuses ?? []) {
    responses[String(other)] = {
      description: STATUS_TEXT[other] ?? 'Internal Server Error',
      ...(other === 503 ? { headers: headerRefs({ 'Retry-After': 'RetryAfter' }) } : {}),
      ...(operation.response ? { content: { 'application/json': { schema: operation.response } } } : {}),
    };
  }
  for (const code of errorStatuses(operation)) responses[String(code)] = errorResponse(code);

  const isIdempotent = acceptsIdempotencyKey(operation);
  const idempotencyKey =
    operation.idempotencyKey === 'required' ? idempotencyKeySchema : idempotencyKeySchema.optional();
  return {
    operationId: operationIdOf(operation),
    summary: operation.summary,
    tags: [operation.tag],
    ...(operation.access === 'public' ? { security: [] } : {}),
    // A person's session only (profile, MFA, API keys …): an API key is refused with 403.
    ...(operation.access === 'authenticated' ? { security: [{ bearer: [] }] } : {}),
    ...(operation.access !== 'public' && operation.access !== 'authenticated'
      ? { description: `Requires the scope \`${operation.access}\` (a session’s or an API key’s).` }
      : {}),
    ...(operation.ifMatch ? { parameters: [ifMatchParameter(operation)] } : {}),
    ...(operation.params || operation.query || isIdempotent
      ? {
          requestParams: {
            ...(operation.params ? { path: operation.params as never } : {}),
            ...(operation.query ? { query: operation.query as never } : {}),
            ...(isIdempotent ? { header: z.object({ [IDEMPOTENCY_HEADER]: idempotencyKey }) } : {}),
          },
        }
      : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: operation.multipart
              ? { 'multipart/form-data': { schema: multipartSchema(operation.body) } }
              : { 'application/json': { schema: operation.body } },
          },
        }
      : {}),
    ...(operation.rawBody
      ? { requestBody: { content: { [operation.rawBody.contentType]: { schema: z.string() } }, required: true } }
      : {}),
    responses: responses as ZodOpenApiResponsesObject,
  };
}

/**
 * A request field with a default may be left out: zod-openapi's input schemas say so (it is not in
 * `required`), but a `default` keyword makes generators such as openapi-typescript (by default)
 * type the field as mandatory. Request schemas name their default in the description instead.
 */
const describeRequestDefaults: ZodOpenApiOverride = ({ jsonSchema, io }) => {
  if (io !== 'input' || !('default' in jsonSchema)) return;
  const { default: value, description } = jsonSchema;
  delete jsonSchema.default;
  const said = `Default: \`${JSON.stringify(value)}\`.`;
  jsonSchema.description = description ? `${description} ${said}` : said;
};

/** The OpenAPI document, generated from the same operations and zod schemas the handlers use. */
export function buildOpenApiDocument(operations: readonly Operation[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    const path = documentedPath(operation);
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: toOperationObject(operation) };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: { title: 'Benefits API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: API_MOUNT }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A person’s access token' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ebmt_…',
            description:
              'A machine client’s API key (`Authorization: Bearer ebmt_…`): operations that require a scope accept it when the key holds that scope; 600 requests a minute per key',
          },
        },
        headers: HEADERS,
      },
      security: [{ bearer: [] }, { apiKey: [] }],
      paths,
    },
    { override: describeRequestDefaults },
  );
}
