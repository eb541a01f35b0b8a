import { hrefs } from '@/lib/hrefs';
import { AsOfPanel } from '@/components/history/as-of-panel';
import { listChanges } from '@/lib/api-client/approvals.server';
import { getAccessLog, getUser } from '@/lib/api-client/users.server';
import { AccessLogTable } from '@/components/users/access-log-table';
import { recordId } from '@/lib/api-client/record-id';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { ChangeTable } from '@/components/history/change-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { hasScope } from '@/lib/auth/has-scope';
import { getMe } from '@/lib/api-client/server';
import { formatDateTime } from '@/lib/format';
import { isStaff, roleSchema } from '@/lib/schemas/roles';
import { usersApi } from '@/lib/api-client/users';
import { canManageUser } from '@/components/users/user-permissions';
import { UserActionsBar } from './_components/user-actions-bar';
import { DetailList, DetailRow } from '@/components/record/detail-list';
import { ClientMessages } from '@/components/layout/client-messages';

type Props = { params: Promise<{ id: string }>; searchParams?: Promise<{ asOf?: string | string[] }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const id = await recordId(props.params);
  const user = await getUser(id);
  return { title: `${user.firstName} ${user.lastName}` };
}

/** One user: profile data, role, account, status and what the signed-in user may do with them. */
export default async function UserPage(props: Props) {
  const id = await recordId(props.params);
  const asOfParam = (await props.searchParams)?.asOf;
  const [user, me, t, tRoles, tCommon, locale] = await Promise.all([
    getUser(id),
    getMe(),
    getTranslations('users'),
    getTranslations('roles'),
    getTranslations('common'),
    getLocale(),
  ]);
  // The user's own entries and those of the approvals about them (role grants).
  // Who viewed the user and whose data they viewed: administrators only (issue 51).
  const mayReadAccessLog = me.role === 'admin';
  const [history, tHistory, viewedBy, viewed] = await Promise.all([
    hasScope(me.scope, 'history.read') ? listChanges({ entityId: id, perPage: 20 }) : null,
    getTranslations('history'),
    mayReadAccessLog ? getAccessLog(id, 'subject') : null,
    mayReadAccessLog ? getAccessLog(id, 'actor') : null,
  ]);
  const name = `${user.firstName} ${user.lastName}`;
  const none = t('fields.none');
  const mayManage = canManageUser(me, user);
  const isSelf = me.id === user.id;
  const erasurePending = user.pendingApprovals.some((approval) => approval.kind === 'user_erasure');
  const roleGrant = user.pendingApprovals.find((approval) => approval.kind === 'role_grant');
  const requestedRole = roleSchema.safeParse(roleGrant?.payload.role);

  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.users()}>{t('actions.backToList')}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0">{name}</h1>
        <StatusBadge kind="user" status={user.status} />
      </div>
      <p className="text-body-secondary mb-3">
        {tRoles(user.role)}
        {user.accountName ? ` · ${user.accountName}` : ''}
      </p>
      <div className="mb-3">
        {isSelf ? (
          <Link href={hrefs.profile()} className="btn btn-outline-primary">
            {t('actions.ownProfile')}
          </Link>
        ) : (
          <ClientMessages namespaces={['users', 'confirmDialog']}>
            <UserActionsBar
              user={{ id: user.id, name, email: user.email }}
              editHref={hrefs.userEdit(user.id)}
              can={{
                edit: mayManage && user.status !== 'deactivated',
                lock: mayManage && user.status === 'active',
                unlock: mayManage && user.status === 'locked',
                deactivate: mayManage && user.status !== 'deactivated',
                resendInvitation: mayManage && user.status === 'invited',
                resetMfa: me.role === 'admin' && user.status !== 'deactivated',
                requestErasure: mayManage && isStaff(me.role) && !user.erasedAt && !erasurePending,
              }}
            />
          </ClientMessages>
        )}
        {!isSelf && isStaff(me.role) && (
          <a
            href={usersApi.dataExportHref(user.id)}
            download
            className="btn btn-outline-secondary ms-2"
            data-testid="user-data-export"
          >
            {t('actions.dataExport')}
          </a>
        )}
      </div>

      {roleGrant && (
        <div className="alert alert-info" role="status" data-testid="pending-role-grant">
          {requestedRole.success
            ? t('pending.roleGrant', { role: tRoles(requestedRole.data) })
            : t('pending.roleGrantUnknown')}
        </div>
      )}
      {user.status === 'deactivated' && (
        <div className="alert alert-secondary" role="status">
          {t('deactivatedNotice')}
        </div>
      )}

      <section aria-labelledby="user-data-heading" className="mb-4">
        <h2 id="user-data-heading" className="h5">
          {t('sections.profile')}
        </h2>
        <DetailList>
          <DetailRow label={t('fields.email')}>
            <a href={`mailto:${user.email}`}>{user.email}</a>
          </DetailRow>
          <DetailRow label={t('fields.firstName')}>{user.firstName}</DetailRow>
          <DetailRow label={t('fields.lastName')}>{user.lastName}</DetailRow>
          <DetailRow label={t('fields.phone')}>{user.phone || none}</DetailRow>
          <DetailRow label={t('fields.locale')}>{tCommon(`languages.${user.locale}`)}</DetailRow>
        </DetailList>
      </section>
      <section aria-labelledby="user-access-heading" className="mb-4">
        <h2 id="user-access-heading" className="h5">
          {t('sections.access')}
        </h2>
        <DetailList>
          <DetailRow label={t('fields.role')}>{tRoles(user.role)}</DetailRow>
          <DetailRow label={t('fields.account')}>
            {user.accountId ? (
              <Link href={hrefs.account(user.accountId)}>{user.accountName ?? user.accountId}</Link>
            ) : (
              none
            )}
          </DetailRow>
          <DetailRow label={t('fields.status')}>
            <StatusBadge kind="user" status={user.status} />
          </DetailRow>
          <DetailRow label={t('fields.lastLoginAt')}>
            {user.lastLoginAt ? formatDateTime(user.lastLoginAt, locale) : t('neverSignedIn')}
          </DetailRow>
          <DetailRow label={t('fields.createdAt')}>{formatDateTime(user.createdAt, locale)}</DetailRow>
          <DetailRow label={t('fields.updatedAt')}>{formatDateTime(user.updatedAt, locale)}</DetailRow>
        </DetailList>
      </section>
      {history && (
        <section aria-labelledby="user-history-heading" className="mb-4" data-testid="user-history">
          <h2 id="user-history-heading" className="h5">
            {tHistory('tab')}
          </h2>
          <ChangeTable items={history.items} />
          {history.nextCursor && <Link href={hrefs.changes({ entityId: user.id })}>{tHistory('tabAll')}</Link>}
        </section>
      )}
      <AsOfPanel
        apiPath={usersApi.detailPath(user.id)}
        pageHref={hrefs.user(user.id)}
        asOf={typeof asOfParam === 'string' ? asOfParam : undefined}
        restore={mayManage ? { version: user.version } : undefined}
      />
      {viewedBy && viewed && (
        <section aria-labelledby="user-access-log-heading" className="mb-4" data-testid="user-access-log">
          <h2 id="user-access-log-heading" className="h5">
            {t('accessLog.title')}
          </h2>
          <p className="text-body-secondary small">{t('accessLog.intro')}</p>
          <h3 className="h6">{t('accessLog.viewedBy')}</h3>
          <AccessLogTable
            items={viewedBy.items}
            perspective="subject"
            personHref={(personId) => hrefs.user(personId)}
            testId="access-log-viewed-by"
          />
          <h3 className="h6">{t('accessLog.viewed')}</h3>
          <AccessLogTable
            items={viewed.items}
            perspective="actor"
            personHref={(personId) => hrefs.user(personId)}
            testId="access-log-viewed"
          />
        </section>
      )}
    </>
  );
}
