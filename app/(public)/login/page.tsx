import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { safeCallbackPath } from '@/lib/auth/callback-path';
import { LoginForm } from './_components/login-form';
import { ClientMessages } from '@/components/layout/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login');
  return { title: t('title') };
}

/** `?reason=` → the notice above the form. */
const NOTICES = {
  expired: 'sessionEnded',
  'signed-out': 'signedOut',
  'password-set': 'passwordSet',
  activated: 'activated',
} as const;

export default async function LoginPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const searchParams = await props.searchParams;
  const t = await getTranslations('login');
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const code = first(searchParams.reason);
  const reason = code && Object.hasOwn(NOTICES, code) ? NOTICES[code as keyof typeof NOTICES] : undefined;
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-3">{t('title')}</h1>
        {reason && (
          <div className="alert alert-info" role="status" data-testid="login-notice">
            {t(reason)}
          </div>
        )}
        <p className="text-body-secondary">{t('intro')}</p>
        <ClientMessages namespaces={['login', 'duration']}>
          <LoginForm callbackUrl={safeCallbackPath(first(searchParams.callbackUrl))} />
        </ClientMessages>
      </div>
    </div>
  );
}
