import type { z } from 'zod';
import { accountCreateSchema, accountUpdateSchema, isValidZip, ZIP_MESSAGE_DE } from '@/lib/schemas/account';

/**
 * The shared schemas check the PLZ only once every field has the right type (zod skips a
 * refinement after a type error); the form runs the same rule regardless, so that one submit
 * shows every field error at once.
 */
const zipCheck = {
  isValid: (value: unknown) => {
    const { zip, country } = (value ?? {}) as { zip?: unknown; country?: unknown };
    return typeof zip !== 'string' || isValidZip(zip.trim(), typeof country === 'string' ? country.trim() : 'DE');
  },
  params: { path: ['zip'], message: ZIP_MESSAGE_DE, when: () => true },
};

/**
 * The account form's schemas, loaded on demand (`useZodForm`) so that zod stays out of the page's
 * first load. Both accept the form's values, and because the form always sends every field, both
 * outputs have the same complete shape (the update schema's keys are optional only for the API).
 */
export const accountFormSchemas: Record<'create' | 'edit', z.ZodType> = {
  create: accountCreateSchema.refine(zipCheck.isValid, zipCheck.params),
  edit: accountUpdateSchema.refine(zipCheck.isValid, zipCheck.params),
};
