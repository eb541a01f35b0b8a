import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { TokenProblem } from './token-problem';

export type LinkPurpose = 'reset' | 'activate' | 'confirm';

export interface TokenProblemViewProps {
  problem: TokenProblem;
  purpose: LinkPurpose;
  /** Confirmation links: whether the visitor is signed in (the way forward is the profile). */
  isSignedIn?: boolean;
}

/**
 * What a visitor sees when the link of a mail cannot be used: what happened, in plain words,
 * and the way forward — a new link (reset and activation both via "Passwort vergessen", which
 * sends invited users a new invitation) or, for a changed e-mail address, the profile.
 */
export function TokenProblemView({ problem, purpose, isSignedIn = false }: TokenProblemViewProps) {
  const t = useTranslations('identity.tokenProblem');
  const reason = problem === 'expired' ? t(`expired.${purpose}`) : t(`reason.${problem}`);

  return (
    <section
      aria-labelledby="token-problem-title"
      className="alert alert-warning"
      data-testid="token-problem"
      data-problem={problem}
    >
      <h2 id="token-problem-title" className="h5 alert-heading">
        {t(`title.${problem}`)}
      </h2>
      <p>{reason}</p>
      <p>{problem === 'used' && purpose === 'activate' ? t('next.activateUsed') : t(`next.${purpose}`)}</p>
      <div className="d-flex flex-wrap gap-2">
        {purpose === 'confirm' ? (
          <Link href={isSignedIn ? '/profil/' : '/login/?callbackUrl=%2Fprofil%2F'} className="btn btn-primary">
            {t('toProfile')}
          </Link>
        ) : (
          <Link href="/pw-vergessen/" className="btn btn-primary">
            {t('requestNew')}
          </Link>
        )}
        {isSignedIn ? null : (
          <Link href="/login/" className="btn btn-outline-secondary">
            {t('toLogin')}
          </Link>
        )}
      </div>
    </section>
  );
}
