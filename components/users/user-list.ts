import 'server-only';
import { getTranslations } from 'next-intl/server';
import { defineList, listQueryBase } from '@/components/ui/list/list-descriptor';
import { statusBadgeValue } from '@/components/ui/status-badge';
import { usersApi } from '@/lib/api-client/users';
import { listUsers } from '@/lib/api-client/users.server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDateTime } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import { isStaff } from '@/lib/schemas/roles';
import { ROLES, USER_SORT_FIELDS, USER_STATUSES, type UserListItem, type UserListQuery } from '@/lib/schemas/user';
import { selectionUi } from '@/components/ui/selection/selection-ui';

const fullName = (row: UserListItem) => `${row.firstName} ${row.lastName}`;

/** The users in the caller's reach; `?accountId=` (from an account's Benutzer tab) narrows to one account. */
export const userList = defineList({
  id: 'users',
  path: hrefs.users(),
  namespace: 'users',
  translate: () => getTranslations('users'),
  sortFields: USER_SORT_FIELDS,
  defaultSort: 'lastName',
  filters: ['role', 'status', 'accountId'],
  filterValues: { role: ROLES, status: USER_STATUSES },
  idFilters: ['accountId'],
  query: (params): Partial<UserListQuery> => ({
    ...listQueryBase<NonNullable<UserListQuery['sort']>>(params),
    role: params.filters.role as UserListQuery['role'],
    status: params.filters.status as UserListQuery['status'],
    accountId: params.filters.accountId,
  }),
  load: listUsers,
  api: usersApi,
  toolbarFilters: ({ t, tRoot, me }) => [
    // Distributors and managers only ever see managers: a role filter would have nothing to choose.
    ...(isStaff(me.role)
      ? [
          {
            name: 'role',
            label: t('filters.role'),
            allLabel: t('filters.allRoles'),
            options: ROLES.map((role) => [role, tRoot(`roles.${role}`)] as const),
          },
        ]
      : []),
    {
      name: 'status',
      label: t('filters.status'),
      allLabel: t('filters.allStatuses'),
      options: USER_STATUSES.map((status) => [status, tRoot(`status.user.${status}`)] as const),
    },
  ],
  nameColumn: 'name',
  cardColumns: ['email', 'role', 'status'],
  columns: ({ t, tRoot, locale }) => [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'lastName',
      isRowHeader: true,
      value: (row: UserListItem) => ({ href: hrefs.user(row.id), text: fullName(row) }),
    },
    {
      key: 'email',
      header: t('columns.email'),
      sortField: 'email',
      className: 'text-break',
      value: (row) => row.email,
    },
    { key: 'role', header: t('columns.role'), sortField: 'role', value: (row) => tRoot(`roles.${row.role}`) },
    {
      key: 'account',
      header: t('columns.account'),
      className: 'd-none d-md-table-cell',
      value: (row) =>
        row.accountId ? { href: hrefs.account(row.accountId), text: row.accountName ?? row.accountId } : t('noAccount'),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      value: (row) => statusBadgeValue(tRoot, 'user', row.status),
    },
    {
      key: 'lastLoginAt',
      header: t('columns.lastLoginAt'),
      sortField: 'lastLoginAt',
      className: 'text-nowrap d-none d-lg-table-cell',
      value: (row) => (row.lastLoginAt ? formatDateTime(row.lastLoginAt, locale) : t('neverSignedIn')),
    },
  ],
  selection: { ui: selectionUi, rowLabel: fullName },
  bulkActions: ({ t, me }) =>
    hasScope(me.scope, 'users.write')
      ? [
          { action: 'resend_invitation', label: t('bulk.resendInvitation') },
          { action: 'deactivate', label: t('bulk.deactivate'), isDestructive: true },
        ]
      : [],
});
