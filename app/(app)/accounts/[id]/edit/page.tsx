import { hrefs } from '@/lib/hrefs';
import { getAccount } from '@/lib/api-client/accounts.server';
import { recordId } from '@/lib/api-client/record-id';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AccountForm } from '@/components/accounts/account-form';
import { ClientMessages } from '@/components/layout/client-messages';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const id = await recordId(props.params);
  const [account, t] = await Promise.all([getAccount(id), getTranslations('accounts')]);
  return { title: t('editTitle', { name: account.name }) };
}

/** Master data and benefits; on an active account a benefit change becomes an approval request. */
export default async function EditAccountPage(props: Props) {
  const id = await recordId(props.params);
  const [account, t] = await Promise.all([getAccount(id), getTranslations('accounts')]);
  const accountHref = hrefs.account(account.id);

  return (
    <>
      <p className="mb-1 small">
        <Link href={accountHref}>{t('actions.back')}</Link>
      </p>
      <h1 className="h3 mb-1">{t('editTitle', { name: account.name })}</h1>
      <p className="text-body-secondary mb-3">
        {account.customerNumber} · {account.legalForm}
      </p>
      {account.status === 'archived' ? (
        <>
          <div className="alert alert-secondary" role="status">
            {t('archivedNotice')}
          </div>
          <Link href={accountHref} className="btn btn-outline-secondary">
            {t('actions.back')}
          </Link>
        </>
      ) : (
        // Keyed by version: after a save and refresh the form starts again from the new record.
        <ClientMessages namespaces={['accounts', 'form', 'validation']}>
          <AccountForm key={account.version} initial={account} />
        </ClientMessages>
      )}
    </>
  );
}
