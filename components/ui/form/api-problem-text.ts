import type { useTranslations } from 'next-intl';
import apiErrorsDe from '@/lib/i18n/messages/api-errors.de.json';
import apiErrorsEn from '@/lib/i18n/messages/api-errors.en.json';
import { isProblemKey, problemKeyOf } from '@/lib/schemas/problems';
import type { ProblemLike } from './problem-text';

/** An API error body (lib/schemas/common errorBodySchema) as the client sees it. */
export interface ApiProblemLike {
  code?: string;
  message?: string;
  details?: readonly ProblemLike[] | null;
}

type ApiErrorCode = keyof typeof apiErrorsDe;
const API_ERROR_TEXTS: Record<string, Record<ApiErrorCode, string>> = { de: apiErrorsDe, en: apiErrorsEn };

/**
 * The text of a refused API call, for a toast or an alert: its first detail's problem when it has
 * one, else the catalogue's text for the error code (`errors.api.<code>`), else the message. The
 * error texts of both languages come with this module, not through the client messages every
 * page's RSC payload would carry (issue 15), and the module loads with the first refusal, not with
 * the page (issue 30): components call it through `useLazyApiProblemText`, ESLint refuses a static
 * import.
 */
export function apiProblemTextFor(
  locale: string,
  tValidation: ReturnType<typeof useTranslations<'validation'>>,
): (error: ApiProblemLike) => string {
  const texts = API_ERROR_TEXTS[locale] ?? apiErrorsDe;
  return (error) => {
    for (const detail of error.details ?? []) {
      const key = detail.code && isProblemKey(detail.code) ? detail.code : problemKeyOf(detail.message ?? '');
      if (key && key !== 'invalid' && tValidation.has(key)) return tValidation(key, detail.params);
    }
    const code = error.code;
    if (code && Object.hasOwn(texts, code)) return texts[code as ApiErrorCode];
    return error.message || texts.internal;
  };
}
