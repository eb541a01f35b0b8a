import Link from 'next/link';
import { accountList } from '@/components/accounts/account-list';
import { ListPageHeader } from '@/components/ui/list-page';
import { listMetadata, loadList } from '@/components/ui/list/load-list';
import { ListView } from '@/components/ui/list/list-view';
import { TabsNav } from '@/components/ui/tabs-nav';
import { hasScope } from '@/lib/auth/has-scope';
import { hrefs } from '@/lib/hrefs';
import { listHref, type SearchParamsRecord } from '@/lib/list-params';
import { ACCOUNT_VIEWS } from '@/lib/schemas/account';

export const generateMetadata = () => listMetadata('accounts');

/** The accounts: the view tabs and "Neu" are the page's own; the rest is `accountList`. */
export default async function AccountsPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const context = await loadList(accountList, props.searchParams);
  const { t, me, params, query } = context;
  return (
    <>
      <ListPageHeader
        title={t('title')}
        actions={
          hasScope(me.scope, 'accounts.write') ? (
            <>
              <Link href={hrefs.accountImport()} prefetch={false} className="btn btn-outline-primary">
                {t('import')}
              </Link>
              <Link href={hrefs.accountNew()} prefetch={false} className="btn btn-primary">
                {t('new')}
              </Link>
            </>
          ) : null
        }
      />
      <TabsNav
        label={t('title')}
        className="mb-3"
        items={ACCOUNT_VIEWS.map((item) => ({
          href: listHref(accountList.path, params, { filters: { view: item === 'all' ? null : item } }),
          label: t(`views.${item}`),
          active: item === query.view,
        }))}
      />
      <ListView descriptor={accountList} context={context} />
    </>
  );
}
