import { useMemo } from 'react';
import { useLocale, useTranslations } from 'next-intl';
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
 * The error map for the current UI language, for `zodResolver(schema, { error })` or
 * `schema.safeParse(value, { error })`. Per parse rather than `z.config`, because a server
 * process serves German and English requests at the same time.
 */
export function useZodErrorMap(): z.core.$ZodErrorMap {
  const t = useTranslations('validation');
  const locale = useLocale();
  return useMemo(() => createZodErrorMap((key, values) => t(key, values), locale), [t, locale]);
}

/**
 * Sets zod's process-wide built-in messages to German or English (zod's own locale texts). For
 * places with one language per process (a script, the API's default); forms use `useZodErrorMap`.
 */
export function configureZodLocale(locale: ZodLocale): void {
  z.config({ localeError: zodLocaleError(locale) });
}
