import { z } from './zod';
import { singleLineText } from './text';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './list-limits';

export { DEFAULT_PER_PAGE, MAX_PER_PAGE };

/** `?page&perPage&sort&order&q` of every list (SPEC §5); `sort` is checked against the resource's fields. */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortFields: S, defaultSort: S[number]) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    sort: z.enum(sortFields).default(defaultSort),
    order: z.enum(['asc', 'desc']).default('asc'),
    q: singleLineText().max(200).optional(),
  });
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
  });
}

/** Query-string booleans: `true/false/1/0`. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
