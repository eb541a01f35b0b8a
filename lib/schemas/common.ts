import { z } from './zod';

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

export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z
      .array(
        z.object({
          path: z.string(),
          /** German, for people reading the API; the UI shows `code`'s text in its own language. */
          message: z.string(),
          /** The problem's key in the catalogue `validation.*` (e.g. `tooLong`, `emailTaken`). */
          code: z.string().optional(),
          /** The numbers the text names, e.g. `{ maximum: 200 }`. */
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      )
      .optional(),
    retryAfterSeconds: z.number().int().optional(),
    current: z.unknown().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const uuidSchema = z.uuid();
export const idParamsSchema = z.strictObject({ id: uuidSchema });
