import Link from 'next/link';
import { AccountScopeNotice } from '@/components/ui/list/account-scope-notice';
import { ListPageHeader } from '@/components/ui/list-page';
import { listMetadata, loadList } from '@/components/ui/list/load-list';
import { ListView } from '@/components/ui/list/list-view';
import { userList } from '@/components/users/user-list';
import { hasScope } from '@/lib/auth/has-scope';
import { hrefs } from '@/lib/hrefs';
import type { SearchParamsRecord } from '@/lib/list-params';

export const generateMetadata = () => listMetadata('users');

/** The users: "Einladen" is the page's own; the rest is `userList`. */
export default async function UsersPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const context = await loadList(userList, props.searchParams);
  const { t, me, params } = context;
  return (
    <>
      <ListPageHeader
        title={t('title')}
        actions={
          hasScope(me.scope, 'users.write') ? (
            <>
              {me.role === 'manager' ? null : (
                <Link href={hrefs.userImport()} prefetch={false} className="btn btn-outline-primary">
                  {t('import')}
                </Link>
              )}
              <Link
                href={hrefs.userNew({ accountId: params.filters.accountId })}
                prefetch={false}
                className="btn btn-primary"
              >
                {t('invite')}
              </Link>
            </>
          ) : null
        }
      />
      <AccountScopeNotice descriptor={userList} context={context} />
      <ListView descriptor={userList} context={context} />
    </>
  );
}
