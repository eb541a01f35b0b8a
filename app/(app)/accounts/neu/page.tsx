import { hrefs } from '@/lib/hrefs';
import { listDistributors } from '@/lib/api-client/accounts.server';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { getMe } from '@/lib/api-client/server';
import { AccountForm } from '@/components/accounts/account-form';
import { isStaff } from '@/lib/schemas/roles';
import { ClientMessages } from '@/components/layout/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts');
  return { title: t('newTitle') };
}

/** A new top-level account; it starts as a draft. */
export default async function NewAccountPage() {
  const [me, t] = await Promise.all([getMe(), getTranslations('accounts')]);
  // Only admin and back office choose the distributor; a distributor's new accounts are their own.
  const mayChooseDistributor = isStaff(me.role);
  const distributors = mayChooseDistributor ? (await listDistributors()).items : null;

  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.accounts()}>{t('actions.backToList')}</Link>
      </p>
      <h1 className="h3 mb-3">{t('newTitle')}</h1>
      <p className="text-body-secondary">{t('form.draftNotice')}</p>
      <ClientMessages namespaces={['accounts', 'form', 'validation']}>
        <AccountForm distributors={distributors} />
      </ClientMessages>
    </>
  );
}
