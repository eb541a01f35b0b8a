import 'server-only';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@/lib/schemas/common';
import type { ProblemKey } from '@/lib/schemas/problems';
import { germanProblem } from './german-problem';

/** The one error class of the API: a closed code list, each with its HTTP status (SPEC §5). */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details?: ErrorBody['details'];
  readonly retryAfterSeconds?: number;
  readonly current?: unknown;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { details?: ErrorBody['details']; retryAfterSeconds?: number; current?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = ERROR_CODES[code];
    this.details = extra.details;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.current = extra.current;
  }

  toBody(): ErrorBody {
    return {
      statusCode: this.statusCode,
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
      ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
      ...(this.current !== undefined ? { current: this.current } : {}),
    };
  }
}

export const notFound = (what = 'Eintrag') => new ApiError('not_found', `${what} nicht gefunden.`);

/**
 * A state-machine or input refusal the schema cannot see: 422 naming the field the user fixes,
 * with the problem's key (`code`) from the catalogue `validation.*` and its German text.
 */
export function invalidField(path: string, code: ProblemKey, params?: Record<string, string | number>): ApiError {
  const message = germanProblem(code, params);
  return new ApiError('validation_failed', message, {
    details: [{ path, message, code, ...(params ? { params } : {}) }],
  });
}
