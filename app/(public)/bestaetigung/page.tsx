import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getUiSession } from '@/lib/auth/session';
import type { SearchParamsRecord } from '@/lib/list-params';
import { tokenParam } from '@/components/identity/token-param';
import { TokenProblemView } from '@/components/identity/token-problem-view';
import { ConfirmEmailPanel } from './_components/confirm-email-panel';
import { ClientMessages } from '@/components/layout/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('identity.confirm');
  return { title: t('title') };
}

/** `/bestaetigung/?token=…` from the mail to a new address; works signed in and signed out. */
export default async function ConfirmEmailPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const [searchParams, session, t] = await Promise.all([
    props.searchParams,
    getUiSession(),
    getTranslations('identity.confirm'),
  ]);
  const token = tokenParam(searchParams);
  const isSignedIn = session !== null;
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-3">{t('title')}</h1>
        {token ? (
          <ClientMessages namespaces={['identity.confirm', 'identity.tokenProblem']}>
            <ConfirmEmailPanel token={token} isSignedIn={isSignedIn} />
          </ClientMessages>
        ) : (
          <TokenProblemView problem="missing" purpose="confirm" isSignedIn={isSignedIn} />
        )}
      </div>
    </div>
  );
}
