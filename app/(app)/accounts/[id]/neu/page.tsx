import { hrefs } from '@/lib/hrefs';
import { getAccount } from '@/lib/api-client/accounts.server';
import { recordId } from '@/lib/api-client/record-id';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { MAX_ACCOUNT_DEPTH } from '@/lib/schemas/account';
import { AccountForm } from '@/components/accounts/account-form';
import { ClientMessages } from '@/components/layout/client-messages';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts');
  return { title: t('newSubTitle') };
}

/** A new sub-account under `{id}`; it inherits the parent's distributor and starts as a draft. */
export default async function NewSubAccountPage(props: Props) {
  const id = await recordId(props.params);
  const [parent, t] = await Promise.all([getAccount(id), getTranslations('accounts')]);
  const isArchived = parent.status === 'archived';
  const isTooDeep = parent.depth >= MAX_ACCOUNT_DEPTH;

  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.account(parent.id)}>{t('actions.back')}</Link>
      </p>
      <h1 className="h3 mb-1">{t('newSubTitle')}</h1>
      <p className="text-body-secondary mb-3">{t('newSubIntro', { parent: parent.name })}</p>
      {isArchived ? (
        <div className="alert alert-secondary" role="status">
          {t('archivedNotice')}
        </div>
      ) : isTooDeep ? (
        <div className="alert alert-secondary" role="status">
          {t('maxDepthNotice', { max: MAX_ACCOUNT_DEPTH })}
        </div>
      ) : (
        <>
          <p className="text-body-secondary">{t('form.draftNotice')}</p>
          <ClientMessages namespaces={['accounts', 'form', 'validation']}>
            <AccountForm parentId={parent.id} />
          </ClientMessages>
        </>
      )}
    </>
  );
}
