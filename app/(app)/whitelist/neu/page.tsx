import { redirect } from 'next/navigation';
import { ClientMessages } from '@/components/layout/client-messages';
import { loadAccountOptions } from '@/components/users/load-account-options';
import { WhitelistEntryForm } from '@/components/whitelist/whitelist-entry-form';
import { hrefs } from '@/lib/hrefs';
import type { SearchParamsRecord } from '@/lib/list-params';
import { NewEntryHeader, newEntryMetadata, requestedAccountId } from './_components/new-entry-header';

export const generateMetadata = newEntryMetadata;

/**
 * One entry for an account in reach; `?accountId=` preselects it. The CSV import is `import/`, a page
 * of its own so that neither carries the other's code (issue 30); `?mode=import`, its address before,
 * still leads there.
 */
export default async function NewWhitelistEntryPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const searchParams = await props.searchParams;
  const accountId = requestedAccountId(searchParams);
  if (searchParams.mode === 'import') redirect(hrefs.whitelistNew({ accountId, mode: 'import' }));
  const { accounts, hasMore, included } = await loadAccountOptions(accountId ?? null);

  return (
    <>
      <NewEntryHeader accountId={accountId} isImport={false} />
      <ClientMessages namespaces={['whitelist', 'users.help', 'users.fields', 'users.form', 'form', 'validation']}>
        <WhitelistEntryForm accounts={accounts} hasMoreAccounts={hasMore} defaultAccountId={included?.id ?? null} />
      </ClientMessages>
    </>
  );
}
