import { z } from '@/lib/schemas/zod';
import zodGerman from 'zod/v4/locales/de.js';
import zodEnglish from 'zod/v4/locales/en.js';

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

export type ZodLocale = 'de' | 'en';

export function zodLocaleError(locale: string): z.core.$ZodErrorMap {
  return (locale === 'en' ? zodEnglish() : zodGerman()).localeError;
}

export interface ValidationProblem {
  key: ValidationMessageKey;
  values?: Record<string, number>;
}

type AnyIssue = z.core.$ZodRawIssue | z.core.$ZodIssue;

/**
 * The catalogue text (`validation.*`) a zod issue stands for, or null where zod's own text is
 * used. Works on the raw issue an error map sees and on a parse result's final issue, which has
 * no `input` any more: a missing value is then told by its message (see problemDetail).
 */
export function validationProblemOf(issue: AnyIssue): ValidationProblem | null {
  switch (issue.code) {
    case 'invalid_type': {
      if ('input' in issue && (issue.input === undefined || issue.input === null || issue.input === '')) {
        return { key: 'required' };
      }
      if (issue.expected === 'int') return { key: 'notAnInteger' };
      if (issue.expected === 'number' || issue.expected === 'bigint') return { key: 'notANumber' };
      if (issue.expected === 'date') return { key: 'invalidDate' };
      return null;
    }
    case 'too_small':
    case 'too_big': {
      if (issue.exact) return null;
      const isSmall = issue.code === 'too_small';
      const limit = Number(isSmall ? issue.minimum : issue.maximum);
      if (issue.origin === 'string') {
        if (isSmall && limit === 1) return { key: 'required' };
        return isSmall
          ? { key: 'tooShort', values: { minimum: limit } }
          : { key: 'tooLong', values: { maximum: limit } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return isSmall
          ? { key: 'tooFewItems', values: { minimum: limit } }
          : { key: 'tooManyItems', values: { maximum: limit } };
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        const inclusive = issue.inclusive !== false;
        if (isSmall) return { key: inclusive ? 'tooSmall' : 'tooSmallExclusive', values: { minimum: limit } };
        return { key: inclusive ? 'tooBig' : 'tooBigExclusive', values: { maximum: limit } };
      }
      return null;
    }
    case 'invalid_value':
      return { key: 'invalidOption' };
    case 'invalid_format': {
      if (issue.format === 'email') return { key: 'invalidEmail' };
      if (issue.format === 'url') return { key: 'invalidUrl' };
      if (issue.format === 'date' || issue.format === 'datetime') return { key: 'invalidDate' };
      return { key: 'invalidFormat' };
    }
    case 'custom':
      return { key: 'invalid' };
    default:
      return null;
  }
}

/**
 * zod's own German texts are technical ("Zu klein: erwartet, dass string >=3 Zeichen hat"): the
 * common cases get plain catalogue texts in the style of the schemas' own messages; everything
 * else falls back to zod's locale. Messages written in a schema always win over this map.
 */
export function createZodErrorMap(t: ValidationTranslator, locale: string = 'de'): z.core.$ZodErrorMap {
  const fallback = zodLocaleError(locale);
  return (issue) => {
    if (issue.code === 'invalid_union') {
      // `'' | email` and the like: the branch with a specific complaint says more than "no branch matched".
      const specific = issue.errors
        .flat()
        .find((nested) => nested.code !== 'invalid_type' && nested.code !== 'invalid_value');
      return specific?.message ?? t('invalid');
    }
    const found = validationProblemOf(issue);
    return found ? t(found.key, found.values) : fallback(issue);
  };
}
