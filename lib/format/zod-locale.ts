import { z } from '@/lib/schemas/zod';
import {
  createZodErrorMap,
  zodLocaleError,
  type ValidationMessageKey,
  type ValidationTranslator,
  type ZodLocale,
} from './zod-error-map';

export { createZodErrorMap, type ValidationMessageKey, type ValidationTranslator };

/**
 * Sets zod's process-wide built-in messages to German or English (zod's own locale texts). For
 * places with one language per process (a script, the API's default); forms build their error map
 * per parse with `createZodErrorMap` (components/ui/form/use-zod-form.ts).
 */
export function configureZodLocale(locale: ZodLocale): void {
  z.config({ localeError: zodLocaleError(locale) });
}
