import 'server-only';
import { createTranslator } from 'use-intl/core';
import { GERMAN_PROBLEMS, type ProblemKey } from '@/lib/schemas/problems';

const translate = createTranslator({
  locale: 'de',
  messages: { validation: GERMAN_PROBLEMS },
  namespace: 'validation',
});

/** The German text of a validation problem, as the API's `message` carries it (SPEC §5). */
export function germanProblem(key: ProblemKey, values?: Record<string, string | number>): string {
  return translate(key, values);
}
