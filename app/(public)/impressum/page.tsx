import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getEnv } from '@/lib/env';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('legal');
  return { title: t('imprintTitle') };
}

/** The operator's details come from configuration (README: OPERATOR_*), not from code. */
export default async function ImprintPage() {
  const t = await getTranslations('legal');
  const env = getEnv();
  return (
    <article>
      <h1 className="h3 mb-4">{t('imprintTitle')}</h1>
      <address>
        <strong>{env.OPERATOR_NAME}</strong>
        <br />
        {env.OPERATOR_ADDRESS}
      </address>
      <dl className="row">
        <dt className="col-sm-4">{t('representative')}</dt>
        <dd className="col-sm-8">{env.OPERATOR_REPRESENTATIVE}</dd>
        <dt className="col-sm-4">{t('email')}</dt>
        <dd className="col-sm-8">
          <a href={`mailto:${env.OPERATOR_EMAIL}`}>{env.OPERATOR_EMAIL}</a>
        </dd>
        <dt className="col-sm-4">{t('phone')}</dt>
        <dd className="col-sm-8">{env.OPERATOR_PHONE}</dd>
        <dt className="col-sm-4">{t('register')}</dt>
        <dd className="col-sm-8">{env.OPERATOR_REGISTER}</dd>
        <dt className="col-sm-4">{t('vatId')}</dt>
        <dd className="col-sm-8">{env.OPERATOR_VAT_ID}</dd>
      </dl>
    </article>
  );
}
