import { z } from './zod';
import { ERROR_CODES, type ErrorCode } from './error-body';

export { ERROR_CODES, type ErrorCode };

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
