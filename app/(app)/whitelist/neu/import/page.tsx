import { ClientMessages } from '@/components/layout/client-messages';
import { loadAccountOptions } from '@/components/users/load-account-options';
import { WhitelistImport } from '@/components/whitelist/whitelist-import';
import type { SearchParamsRecord } from '@/lib/list-params';
import { NewEntryHeader, newEntryMetadata, requestedAccountId } from '../_components/new-entry-header';

export const generateMetadata = newEntryMetadata;

/** The CSV import (SPEC §4) for an account in reach; `?accountId=` preselects it. */
export default async function WhitelistImportPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const searchParams = await props.searchParams;
  const accountId = requestedAccountId(searchParams);
  const { accounts, included } = await loadAccountOptions(accountId ?? null);

  return (
    <>
      <NewEntryHeader accountId={accountId} isImport />
      <ClientMessages namespaces={['whitelist']}>
        <WhitelistImport accounts={accounts} defaultAccountId={included?.id ?? null} />
      </ClientMessages>
    </>
  );
}
