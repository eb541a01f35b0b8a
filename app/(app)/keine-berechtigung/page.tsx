import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('forbidden');
  return { title: t('title') };
}

/** Shown (with status 403) by the middleware when the user lacks the page's scope. */
export default async function ForbiddenPage() {
  const t = await getTranslations('forbidden');
  return (
    <div className="text-center py-5">
      <p className="display-4 text-body-secondary">403</p>
      <h1 className="h3">{t('title')}</h1>
      <p>{t('message')}</p>
      <Link href="/" className="btn btn-primary">
        {t('back')}
      </Link>
    </div>
  );
}
