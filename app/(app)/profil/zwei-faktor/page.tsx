import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getMfaStatus } from '@/lib/api-client/profile.server';
import { ClientMessages } from '@/components/layout/client-messages';
import { MfaSettings } from './_components/mfa-settings';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('profile.mfa');
  return { title: t('title') };
}

/**
 * The signed-in user's second factors (issue 28): authenticator app, passkeys, recovery codes and
 * the step-up. A user whose role must have a factor and has none is sent here and nowhere else.
 */
export default async function SecondFactorPage() {
  const [status, t] = await Promise.all([getMfaStatus(), getTranslations('profile.mfa')]);
  return (
    <>
      <h1 className="h3 mb-1">{t('title')}</h1>
      <p className="text-body-secondary mb-4">{t('intro')}</p>
      {status.enrolmentRequired && (
        <div className="alert alert-warning" role="status" data-testid="mfa-required">
          {t('requiredNotice')}
        </div>
      )}
      <ClientMessages namespaces={['profile.mfa', 'validation']}>
        <MfaSettings status={status} />
      </ClientMessages>
    </>
  );
}
