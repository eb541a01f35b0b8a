import { useMemo } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { z } from '@/lib/schemas/zod';
import { de as zodGerman, en as zodEnglish } from 'zod/locales';

export type ValidationMessageKey =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'tooSmall'
  | 'tooSmallExclusive'
  | 'tooBig'
  | 'tooBigExclusive'
  | 'tooFewItems'
  | 'tooManyItems'
  | 'notANumber'
  | 'notAnInteger'
  | 'invalidOption'
  | 'invalidEmail'
  | 'invalidUrl'
  | 'invalidDate'
  | 'invalidFormat'
  | 'invalid';

/** The part of a next-intl translator for the `validation` namespace that the error map needs. */
export type ValidationTranslator = (key: ValidationMessageKey, values?: Record<string, number>) => string;

type ZodLocale = 'de' | 'en';

function zodLocaleError(locale: string): z.core.$ZodErrorMap {
  return (locale === 'en' ? zodEnglish() : zodGerman()).localeError;
}

/**
 * zod's own German texts are technical ("Zu klein: erwartet, dass string >=3 Zeichen hat"): the
 * common cases get plain catalogue texts in the style of the schemas' own messages; everything
 * else falls back to zod's locale. Messages written in a schema always win over this map.
 */
export function createZodErrorMap(t: ValidationTranslator, locale: string = 'de'): z.core.$ZodErrorMap {
  const fallback = zodLocaleError(locale);
  return (issue) => {
    switch (issue.code) {
      case 'invalid_type': {
        if (issue.input === undefined || issue.input === null || issue.input === '') return t('required');
        if (issue.expected === 'int') return t('notAnInteger');
        if (issue.expected === 'number' || issue.expected === 'bigint') return t('notANumber');
        if (issue.expected === 'date') return t('invalidDate');
        break;
      }
      case 'too_small':
      case 'too_big': {
        if (issue.exact) break;
        const isSmall = issue.code === 'too_small';
        const limit = Number(isSmall ? issue.minimum : issue.maximum);
        if (issue.origin === 'string') {
          if (isSmall && limit === 1) return t('required');
          return isSmall ? t('tooShort', { minimum: limit }) : t('tooLong', { maximum: limit });
        }
        if (issue.origin === 'array' || issue.origin === 'set') {
          return isSmall ? t('tooFewItems', { minimum: limit }) : t('tooManyItems', { maximum: limit });
        }
        if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
          const inclusive = issue.inclusive !== false;
          if (isSmall)
            return inclusive ? t('tooSmall', { minimum: limit }) : t('tooSmallExclusive', { minimum: limit });
          return inclusive ? t('tooBig', { maximum: limit }) : t('tooBigExclusive', { maximum: limit });
        }
        break;
      }
      case 'invalid_value':
        return t('invalidOption');
      case 'invalid_format': {
        if (issue.format === 'email') return t('invalidEmail');
        if (issue.format === 'url') return t('invalidUrl');
        if (issue.format === 'date' || issue.format === 'datetime') return t('invalidDate');
        return t('invalidFormat');
      }
      case 'invalid_union': {
        // `'' | email` and the like: the branch with a specific complaint says more than "no branch matched".
        const specific = issue.errors
          .flat()
          .find((nested) => nested.code !== 'invalid_type' && nested.code !== 'invalid_value');
        return specific?.message ?? t('invalid');
      }
      case 'custom':
        return t('invalid');
    }
    return fallback(issue);
  };
}

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
