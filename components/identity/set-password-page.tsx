import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { SearchParamsRecord } from '@/lib/list-params';
import { SetPasswordForm } from './set-password-form';
import { tokenParam } from './token-param';
import { TokenProblemView } from './token-problem-view';
import { ClientMessages } from '@/components/layout/client-messages';

type Purpose = 'reset' | 'activate';

export async function setPasswordMetadata(purpose: Purpose): Promise<Metadata> {
  const t = await getTranslations(`identity.${purpose}`);
  return { title: t('title') };
}

/** The page behind a mailed link that sets a password: `/pw-reset/` and `/aktivierung/`. */
export async function SetPasswordPage({
  purpose,
  searchParams,
}: {
  purpose: Purpose;
  searchParams: SearchParamsRecord;
}) {
  const t = await getTranslations(`identity.${purpose}`);
  const token = tokenParam(searchParams);
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-3">{t('title')}</h1>
        {token ? (
          <>
            <p className="text-body-secondary">{t('intro')}</p>
            <ClientMessages namespaces={['identity', 'form', 'validation']}>
              <SetPasswordForm token={token} purpose={purpose} />
            </ClientMessages>
          </>
        ) : (
          <TokenProblemView problem="missing" purpose={purpose} />
        )}
      </div>
    </div>
  );
}
