import { hrefs } from '@/lib/hrefs';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format';
import type { UserListItem } from '@/lib/schemas/user';

export interface AccountUsersProps {
  accountId: string;
  items: readonly UserListItem[];
  total: number;
  /** Shows "Benutzer einladen" for this account. */
  canInvite: boolean;
}

/** The Benutzer tab of an account: its users (server component), with links to the full list and the invitation. */
export function AccountUsers({ accountId, items, total, canInvite }: AccountUsersProps) {
  const t = useTranslations('users');
  const tRoles = useTranslations('roles');
  const locale = useLocale();
  const listHref = hrefs.users({ accountId: accountId });

  return (
    <section aria-labelledby="account-users-heading" data-testid="account-users">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="account-users-heading" className="h5 mb-0">
          {t('accountTab.title')}
        </h2>
        <div className="d-flex flex-wrap gap-2">
          <Link href={listHref} className="btn btn-outline-secondary btn-sm">
            {t('accountTab.openList')}
          </Link>
          {canInvite && (
            <Link href={hrefs.userNew({ accountId: accountId })} className="btn btn-primary btn-sm">
              {t('invite')}
            </Link>
          )}
        </div>
      </div>
      {items.length === 0 ? (
        <p className="text-body-secondary" data-testid="table-empty">
          {t('accountTab.empty')}
        </p>
      ) : (
        <div className="table-responsive">
          <table className="table table-hover align-middle">
            <caption className="visually-hidden">{t('accountTab.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.name')}</th>
                <th scope="col">{t('columns.email')}</th>
                <th scope="col">{t('columns.role')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col" className="d-none d-md-table-cell">
                  {t('columns.lastLoginAt')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((user) => (
                <tr key={user.id}>
                  <th scope="row" className="fw-normal">
                    <Link href={hrefs.user(user.id)} prefetch={false}>{`${user.firstName} ${user.lastName}`}</Link>
                  </th>
                  <td className="text-break">{user.email}</td>
                  <td>{tRoles(user.role)}</td>
                  <td>
                    <StatusBadge kind="user" status={user.status} />
                  </td>
                  <td className="text-nowrap d-none d-md-table-cell">
                    {user.lastLoginAt ? formatDateTime(user.lastLoginAt, locale) : t('neverSignedIn')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > items.length ? (
        <p className="small text-body-secondary">
          {t.rich('accountTab.truncated', {
            count: items.length,
            total,
            link: (chunks) => <Link href={listHref}>{chunks}</Link>,
          })}
        </p>
      ) : null}
    </section>
  );
}
