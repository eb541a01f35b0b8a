import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ImportUpload } from '@/components/import/import-upload';
import { ClientMessages } from '@/components/layout/client-messages';
import { hrefs } from '@/lib/hrefs';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('imports');
  return { title: t('accounts.title') };
}

/** The accounts import (issue 49): dry run, report by line, then all or nothing. */
export default async function AccountImportPage() {
  const [t, tList] = await Promise.all([getTranslations('imports'), getTranslations('accounts')]);
  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.accounts()}>{tList('actions.backToList')}</Link>
      </p>
      <h1 className="h3 mb-3">{t('accounts.title')}</h1>
      <ClientMessages namespaces={['imports']}>
        <ImportUpload target="accounts" />
      </ClientMessages>
    </>
  );
}
