import Link from 'next/link';
import { AccountScopeNotice } from '@/components/ui/list/account-scope-notice';
import { ListPageHeader } from '@/components/ui/list-page';
import { listMetadata, loadList } from '@/components/ui/list/load-list';
import { ListView } from '@/components/ui/list/list-view';
import { WhitelistCheckBox } from '@/components/whitelist/whitelist-check-box';
import { whitelistList } from '@/components/whitelist/whitelist-list';
import { hasScope } from '@/lib/auth/has-scope';
import { hrefs } from '@/lib/hrefs';
import type { SearchParamsRecord } from '@/lib/list-params';

export const generateMetadata = () => listMetadata('whitelist');

/** The whitelist: "Neu", "Importieren", the intro and the address check are the page's own; the rest is `whitelistList`. */
export default async function WhitelistPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const context = await loadList(whitelistList, props.searchParams);
  const { t, me, params } = context;
  const accountId = params.filters.accountId;
  return (
    <>
      <ListPageHeader
        title={t('title')}
        actions={
          hasScope(me.scope, 'whitelist.write') ? (
            <>
              <Link href={hrefs.whitelistNew({ accountId })} prefetch={false} className="btn btn-primary">
                {t('new')}
              </Link>
              <Link
                href={hrefs.whitelistNew({ accountId, mode: 'import' })}
                prefetch={false}
                className="btn btn-outline-primary"
              >
                {t('import')}
              </Link>
            </>
          ) : null
        }
      />
      <p className="text-body-secondary">{t('intro')}</p>
      <AccountScopeNotice descriptor={whitelistList} context={context} />
      <ListView descriptor={whitelistList} context={context}>
        <WhitelistCheckBox />
      </ListView>
    </>
  );
}
