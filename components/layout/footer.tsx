import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { getEnv } from '@/lib/env';

export async function Footer() {
  const t = await getTranslations('footer');
  const { OPERATOR_NAME } = getEnv();
  return (
    <footer className="border-top bg-body-tertiary py-3 mt-auto d-print-none">
      <div className="container d-flex flex-wrap gap-3 justify-content-between small">
        <span className="text-body-secondary">{t('operatedBy', { operator: OPERATOR_NAME })}</span>
        <nav className="d-flex gap-3" aria-label={t('privacy') + ' / ' + t('imprint')}>
          <Link href="/datenschutz/" prefetch={false}>
            {t('privacy')}
          </Link>
          <Link href="/impressum/" prefetch={false}>
            {t('imprint')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
