import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { MAIN_ID } from '@/components/layout/main-id';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors');
  return { title: t('notFoundTitle') };
}

export default async function NotFound() {
  const t = await getTranslations('errors');
  return (
    <main id={MAIN_ID} tabIndex={-1} className="container py-5 flex-grow-1 text-center">
      <p className="display-4 text-body-secondary">404</p>
      <h1 className="h3">{t('notFound')}</h1>
      <Link href="/" className="btn btn-primary mt-3">
        {t('backHome')}
      </Link>
    </main>
  );
}
