'use client';

import { useCallback } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { ApiProblemLike } from './api-problem-text';

/**
 * `useApiProblemText` for components that show a refusal only now and then (a list row's quick
 * action, a record's action bar): the error texts of both languages and the validation catalogue
 * load with the first refusal instead of with the page (issue 15).
 */
export function useLazyApiProblemText(): (error: ApiProblemLike) => Promise<string> {
  const locale = useLocale();
  const tValidation = useTranslations('validation');
  return useCallback(
    async (error) => (await import('./api-problem-text')).apiProblemTextFor(locale, tValidation)(error),
    [locale, tValidation],
  );
}
