import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/layout/client-messages';
import { TabsNav } from '@/components/ui/tabs-nav';
import { loadAccountOptions } from '@/components/users/load-account-options';
import { WhitelistEntryForm } from '@/components/whitelist/whitelist-entry-form';
import { WhitelistImport } from '@/components/whitelist/whitelist-import';
import { hrefs } from '@/lib/hrefs';
import type { SearchParamsRecord } from '@/lib/list-params';
import { uuidSchema } from '@/lib/schemas/common';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('whitelist');
  return { title: t('newTitle') };
}

/** One entry, or a CSV import (`?mode=import`), for an account in reach; `?accountId=` preselects it. */
export default async function NewWhitelistEntryPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const [t, searchParams] = await Promise.all([getTranslations('whitelist'), props.searchParams]);
  const requested = uuidSchema.safeParse(searchParams.accountId);
  const accountId = requested.success ? requested.data : undefined;
  const isImport = searchParams.mode === 'import';
  const { accounts, hasMore, included } = await loadAccountOptions(accountId ?? null);

  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.whitelist()}>{t('backToList')}</Link>
      </p>
      <h1 className="h3 mb-3">{t('newTitle')}</h1>
      <TabsNav
        label={t('newTitle')}
        className="mb-3"
        items={[
          { href: hrefs.whitelistNew({ accountId }), label: t('modes.single'), active: !isImport },
          { href: hrefs.whitelistNew({ accountId, mode: 'import' }), label: t('modes.import'), active: isImport },
        ]}
      />
      {isImport ? (
        <ClientMessages namespaces={['whitelist']}>
          <WhitelistImport accounts={accounts} defaultAccountId={included?.id ?? null} />
        </ClientMessages>
      ) : (
        <ClientMessages namespaces={['whitelist', 'users.help', 'users.fields', 'users.form', 'form', 'validation']}>
          <WhitelistEntryForm accounts={accounts} hasMoreAccounts={hasMore} defaultAccountId={included?.id ?? null} />
        </ClientMessages>
      )}
    </>
  );
}
