import { z } from './zod';
import { singleLineText } from './text';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './list-limits';

export { DEFAULT_PER_PAGE, MAX_PER_PAGE };

/**
 * Lists too long to count on every page view (the history, the whitelist) count at most `maxCounted`
 * matches and then say "more than" (`total` maxCounted + 1, `totalIsLowerBound`). A page number
 * reaches as deep as the count: this page, the one holding row maxCounted + 1.
 */
export const deepestCountedPage = (maxCounted: number, perPage: number) => Math.floor(maxCounted / perPage) + 1;

/** `?page&perPage&sort&order&q` of every list (SPEC §5); `sort` is checked against the resource's fields. */
/** A list's search term: what every list's `q` accepts (a saved view's `q` too). */
export const listSearchSchema = singleLineText().max(200);

export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortFields: S, defaultSort: S[number]) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    sort: z.enum(sortFields).default(defaultSort),
    order: z.enum(['asc', 'desc']).default('asc'),
    q: listSearchSchema.optional(),
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

/** `items`, `total`, `page`, `perPage` of a list whose count stops at `maxCounted` + 1. */
export function boundedListResponseSchema<T extends z.ZodType>(item: T, maxCounted: number) {
  return listResponseSchema(item).extend({
    total: z
      .number()
      .int()
      .meta({ description: `Exact up to ${maxCounted}; beyond, ${maxCounted + 1} with totalIsLowerBound` }),
    totalIsLowerBound: z.boolean().meta({ description: `true: more than ${maxCounted} match (the count stops there)` }),
  });
}

/** Query-string booleans: `true/false/1/0`. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
