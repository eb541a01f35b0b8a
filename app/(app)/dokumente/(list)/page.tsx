import Link from 'next/link';
import { documentList } from '@/components/documents/document-list';
import { AccountScopeNotice } from '@/components/ui/list/account-scope-notice';
import { ListPageHeader } from '@/components/ui/list-page';
import { listMetadata, loadList } from '@/components/ui/list/load-list';
import { ListView } from '@/components/ui/list/list-view';
import { hasScope } from '@/lib/auth/has-scope';
import { hrefs } from '@/lib/hrefs';
import type { SearchParamsRecord } from '@/lib/list-params';

export const generateMetadata = () => listMetadata('documents');

/** The documents: "Hochladen" is the page's own; the rest is `documentList`. */
export default async function DocumentsPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const context = await loadList(documentList, props.searchParams);
  const { t, me, params } = context;
  const accountId = params.filters.accountId;
  return (
    <>
      <ListPageHeader
        title={t('title')}
        actions={
          hasScope(me.scope, 'documents.write') ? (
            <Link href={hrefs.documentNew(accountId ? { accountId } : {})} prefetch={false} className="btn btn-primary">
              {t('upload')}
            </Link>
          ) : null
        }
      />
      <AccountScopeNotice descriptor={documentList} context={context} />
      <ListView descriptor={documentList} context={context} />
    </>
  );
}
