import { z } from './zod';
import { problem } from './problems';

/** The first and last day a stored or filtered date may be: PostgreSQL has no year 0, and the UI shows four-digit years. */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';

/**
 * A calendar day `JJJJ-MM-TT` between `min` and `max` (by default every day PostgreSQL and the UI
 * hold): `0000-01-01`, `10000-01-01` or `-infinity` are a 422, never a database error. Every
 * schema that takes a day uses this one.
 */
export function calendarDay({ min = FIRST_DAY, max = LAST_DAY }: { min?: string; max?: string } = {}) {
  return z.iso
    .date()
    .refine((day) => day >= min && day <= max, { message: problem('invalidDate') })
    .meta({ description: `A calendar day JJJJ-MM-TT from ${min} to ${max}` });
}
