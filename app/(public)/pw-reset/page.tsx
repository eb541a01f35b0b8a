import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { SearchParamsRecord } from '@/lib/list-params';
import { SetPasswordForm } from './_components/set-password-form';
import { tokenParam } from './_components/token-param';
import { TokenProblemView } from './_components/token-problem-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('identity.reset');
  return { title: t('title') };
}

/** `/pw-reset/?token=…` from the "Passwort vergessen" mail: set a new password. */
export default async function ResetPasswordPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const [searchParams, t] = await Promise.all([props.searchParams, getTranslations('identity.reset')]);
  const token = tokenParam(searchParams);
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-3">{t('title')}</h1>
        {token ? (
          <>
            <p className="text-body-secondary">{t('intro')}</p>
            <SetPasswordForm token={token} purpose="reset" />
          </>
        ) : (
          <TokenProblemView problem="missing" purpose="reset" />
        )}
      </div>
    </div>
  );
}
