import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ForgotPasswordForm } from './_components/forgot-password-form';
import { ClientMessages } from '@/components/layout/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('identity.forgot');
  return { title: t('title') };
}

/** Request a link to set a new password (or, for an invited user, a new invitation). */
export default async function ForgotPasswordPage() {
  const t = await getTranslations('identity.forgot');
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-3">{t('title')}</h1>
        <p className="text-body-secondary">{t('intro')}</p>
        <ClientMessages namespaces={['identity.forgot', 'form', 'validation']}>
          <ForgotPasswordForm />
        </ClientMessages>
      </div>
    </div>
  );
}
