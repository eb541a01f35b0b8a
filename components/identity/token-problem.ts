import { normaliseErrorPath } from '@/components/ui/form/apply-server-errors';
import type { ActionError } from '@/lib/api-client/action';

/** What is wrong with the link of a mail: no token at all, or the API's verdict on it. */
export type TokenProblem = 'missing' | 'invalid' | 'expired' | 'used';

/**
 * The API refuses a bad token with 400 and `details: [{path: 'token', message: 'invalid' |
 * 'expired' | 'used'}]`; a token of the wrong shape fails validation (422 on `token`). Both mean
 * the link cannot be used; other refusals (password policy, rate limit) are not about the link.
 */
export function tokenProblemOf(error: ActionError): TokenProblem | null {
  const detail = error.details?.find((candidate) => normaliseErrorPath(candidate.path) === 'token');
  if (detail) return detail.message === 'expired' || detail.message === 'used' ? detail.message : 'invalid';
  if (error.statusCode === 400 && !error.details?.length) return 'invalid';
  return null;
}
