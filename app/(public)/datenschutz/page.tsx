import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getEnv } from '@/lib/env';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('legal');
  return { title: t('privacyTitle') };
}

export default async function PrivacyPage() {
  const t = await getTranslations('legal');
  const env = getEnv();
  return (
    <article>
      <h1 className="h3 mb-4">{t('privacyTitle')}</h1>
      <h2 className="h5">{t('controller')}</h2>
      <address>
        <strong>{env.OPERATOR_NAME}</strong>
        <br />
        {env.OPERATOR_ADDRESS}
        <br />
        {t('email')}: <a href={`mailto:${env.OPERATOR_EMAIL}`}>{env.OPERATOR_EMAIL}</a>
      </address>
      <p>{t('privacyIntro')}</p>
      <p>{t('privacyData')}</p>
      <p>{t('privacyCookies')}</p>
      <p>{t('privacyRights')}</p>
      <p>
        {t('privacyContact')}: <a href={`mailto:${env.PRIVACY_CONTACT}`}>{env.PRIVACY_CONTACT}</a>
      </p>
    </article>
  );
}
