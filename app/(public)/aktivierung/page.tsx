import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { SearchParamsRecord } from '@/lib/list-params';
import { SetPasswordForm } from '../pw-reset/_components/set-password-form';
import { tokenParam } from '../pw-reset/_components/token-param';
import { TokenProblemView } from '../pw-reset/_components/token-problem-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('identity.activate');
  return { title: t('title') };
}

/** `/aktivierung/?token=…` from the invitation: set the first password; the user becomes active. */
export default async function ActivationPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const [searchParams, t] = await Promise.all([props.searchParams, getTranslations('identity.activate')]);
  const token = tokenParam(searchParams);
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-3">{t('title')}</h1>
        {token ? (
          <>
            <p className="text-body-secondary">{t('intro')}</p>
            <SetPasswordForm token={token} purpose="activate" />
          </>
        ) : (
          <TokenProblemView problem="missing" purpose="activate" />
        )}
      </div>
    </div>
  );
}
