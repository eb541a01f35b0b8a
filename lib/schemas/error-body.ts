/**
 * The API's error codes and a check of its error body without Zod, for code in the browser that
 * reads a refusal (issue 15: a client import of ./common would load all of Zod). The schema
 * itself, `errorBodySchema` in ./common, stays the contract (OpenAPI, server); a test holds the
 * two in step.
 */
import type { ErrorBody } from './common';

export const ERROR_CODES = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  four_eyes: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  idempotency_key_reused: 422,
  locked: 423,
  method_not_allowed: 405,
  precondition_required: 428,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
  storage_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown) => Number.isSafeInteger(value);
const isString = (value: unknown) => typeof value === 'string';
const isOptional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);

function isDetail(detail: unknown): boolean {
  return (
    isRecord(detail) &&
    isString(detail.path) &&
    isString(detail.message) &&
    isOptional(detail.code, isString) &&
    isOptional(
      detail.params,
      (params) =>
        isRecord(params) &&
        Object.values(params).every(
          (value) => isString(value) || (typeof value === 'number' && Number.isFinite(value)),
        ),
    )
  );
}

/** Whether `body` is an error body as `errorBodySchema` accepts it. */
export function isErrorBody(body: unknown): body is ErrorBody {
  return (
    isRecord(body) &&
    isInt(body.statusCode) &&
    isErrorCode(body.code) &&
    isString(body.message) &&
    isOptional(body.details, (details) => Array.isArray(details) && details.every(isDetail)) &&
    isOptional(body.retryAfterSeconds, isInt)
  );
}
