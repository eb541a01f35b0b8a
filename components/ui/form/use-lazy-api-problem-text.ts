'use client';

import { useCallback } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { ApiProblemLike } from './api-problem-text';

/**
 * The text of a refused API call in the UI's language (`apiProblemTextFor`): the error texts of
 * both languages load with the first refusal instead of with the page — a form, a list row's quick
 * action, a record's action bar (issues 15 and 30). Later refusals find the module loaded.
 */
export function useLazyApiProblemText(): (error: ApiProblemLike) => Promise<string> {
  const locale = useLocale();
  const tValidation = useTranslations('validation');
  return useCallback(
    async (error) => (await import('./api-problem-text')).apiProblemTextFor(locale, tValidation)(error),
    [locale, tValidation],
  );
}
