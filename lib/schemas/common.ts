import { z } from './zod';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from './error-body';

export { ERROR_CODES, type ErrorBody, type ErrorCode };

export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z
      .array(
        z.object({
          path: z.string(),
          message: z.string(),
          code: z.string().optional(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      )
      .optional(),
    retryAfterSeconds: z.number().int().optional(),
    current: z.unknown().optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' }) satisfies z.ZodType<ErrorBody, ErrorBody>;

export const uuidSchema = z.uuid();
export const idParamsSchema = z.strictObject({ id: uuidSchema });
