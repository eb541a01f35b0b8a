/**
 * The API's error codes, its error body's type and a check of that body without Zod, for code in
 * the browser that reads a refusal (issue 15: a client import of ./common would load all of Zod).
 * The schema, `errorBodySchema` in ./common, stays the contract (OpenAPI, server): the compiler
 * holds its type to `ErrorBody`, a test holds `isErrorBody` to what it accepts.
 */

export const ERROR_CODES = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  four_eyes: 403,
  /** MFA_REQUIRED_ROLES: this user must set up a second factor before anything else. */
  mfa_enrolment_required: 403,
  /** Granting or deciding a staff role needs a second-factor check at most 10 minutes old. */
  step_up_required: 403,
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

export interface ErrorDetail {
  path: string;
  /** German, for people reading the API; the UI shows `code`'s text in its own language. */
  message: string;
  /** The problem's key in the catalogue `validation.*` (e.g. `tooLong`, `emailTaken`). */
  code?: string;
  /** The numbers the text names, e.g. `{ maximum: 200 }`. */
  params?: Record<string, string | number>;
}

export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
  retryAfterSeconds?: number;
  /** The record as it is now, with a 409 conflict. */
  current?: unknown;
  /** With a 500: the request's X-Request-Id, as in the server's log. */
  requestId?: string;
}

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
