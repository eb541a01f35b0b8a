import 'server-only';
import { createDocument } from 'zod-openapi';
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { z } from 'zod';
import { errorBodySchema } from '@/lib/schemas/common';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema, isIdempotentCreate } from './idempotency';
import type { Operation } from './operation';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
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

/** A multipart body: the text parts of `fields` and the file part `file`. */
function multipartSchema(fields: z.ZodType): z.ZodType {
  const file = z.string().meta({ format: 'binary', description: 'The file (at most MAX_UPLOAD_BYTES)' });
  return fields instanceof z.ZodObject ? fields.extend({ file }) : z.object({ file });
}

function toOperationObject(operation: Operation): ZodOpenApiOperationObject {
  const status = operation.successStatus ?? 200;
  const responses: Record<string, ZodOpenApiResponseObject> = {
    [String(status)]: {
      description: STATUS_TEXT[status] ?? 'OK',
      ...(operation.response && status !== 204
        ? { content: { 'application/json': { schema: operation.response } } }
        : {}),
    },
  };
  const errorStatuses = new Set([400, 422, 500, ...(operation.errors ?? [])]);
  // 503 service_unavailable / storage_unavailable: the database is away, full or read-only, or
  // too many requests wait for it (with Retry-After).
  if (operation.usesDatabase !== false) errorStatuses.add(503);
  const isIdempotent = isIdempotentCreate(operation);
  // 409: a retry while the first request with the same Idempotency-Key still runs.
  if (isIdempotent) errorStatuses.add(409);
  if (operation.access !== 'public') errorStatuses.add(401);
  if (operation.access !== 'public' && operation.access !== 'authenticated') errorStatuses.add(403);
  for (const code of [...errorStatuses].sort()) {
    responses[String(code)] = {
      description: STATUS_TEXT[code] ?? 'Internal Server Error',
      content: { 'application/json': { schema: errorBodySchema } },
    };
  }
  return {
    summary: operation.summary,
    tags: [operation.tag],
    ...(operation.access === 'public' ? { security: [] } : {}),
    ...(operation.access !== 'public' && operation.access !== 'authenticated'
      ? { description: `Requires the scope \`${operation.access}\`.` }
      : {}),
    ...(operation.params || operation.query || isIdempotent
      ? {
          requestParams: {
            ...(operation.params ? { path: operation.params as never } : {}),
            ...(operation.query ? { query: operation.query as never } : {}),
            ...(isIdempotent ? { header: z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() }) } : {}),
          },
        }
      : {}),
    ...(operation.body
      ? {
          requestBody: {
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

/** The OpenAPI document, generated from the same operations and zod schemas the handlers use. */
export function buildOpenApiDocument(operations: readonly Operation[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    const path = operation.path.replace(/\[(\w+)\]/g, '{$1}');
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: toOperationObject(operation) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Benefits API', version: '1.0.0' },
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
    paths,
  });
}
