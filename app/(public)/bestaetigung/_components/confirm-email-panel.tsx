'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { confirmEmailAction } from '@/components/identity/identity-actions';
import { tokenProblemOf, type TokenProblem } from '@/components/identity/token-problem';
import { TokenProblemView } from '@/components/identity/token-problem-view';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';

export interface ConfirmEmailPanelProps {
  token: string;
  isSignedIn: boolean;
}

/**
 * Confirms the new e-mail address only when the visitor presses the button: mail scanners that
 * open every link with a GET cannot use up the token.
 */
export function ConfirmEmailPanel({ token, isSignedIn }: ConfirmEmailPanelProps) {
  const t = useTranslations('identity.confirm');
  // The refusal texts load with the first refusal: this page is opened from an e-mail (issue 15).
  const apiProblemText = useLazyApiProblemText();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [problem, setProblem] = useState<TokenProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setState('busy');
    setFailure(null);
    const result = await confirmEmailAction(token);
    if (result.ok) {
      setState('done');
      return;
    }
    setState('idle');
    const tokenProblem = tokenProblemOf(result.error);
    if (tokenProblem) setProblem(tokenProblem);
    else setFailure(await apiProblemText(result.error).catch(() => result.error.message));
  }

  if (problem) return <TokenProblemView problem={problem} purpose="confirm" isSignedIn={isSignedIn} />;

  if (state === 'done') {
    return (
      <>
        <div className="alert alert-success" role="status" data-testid="email-confirmed">
          {t('done')}
        </div>
        <Link href={isSignedIn ? '/profil/' : '/login/'} className="btn btn-primary">
          {isSignedIn ? t('toProfile') : t('toLogin')}
        </Link>
      </>
    );
  }

  const isBusy = state === 'busy';
  return (
    <>
      <p className="text-body-secondary">{t('intro')}</p>
      {failure ? (
        <div className="alert alert-danger" role="alert">
          {t('failed', { message: failure })}
        </div>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        onClick={confirm}
        disabled={isBusy}
        aria-busy={isBusy || undefined}
      >
        {isBusy ? (
          <>
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('submitting')}
          </>
        ) : (
          t('submit')
        )}
      </button>
    </>
  );
}
