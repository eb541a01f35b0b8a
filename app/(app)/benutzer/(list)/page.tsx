import { ListPageHeader, ListScopeNotice } from '@/components/ui/list-page';
import { hrefs } from '@/lib/hrefs';
import { listUsers } from '@/lib/api-client/users.server';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { listBulk } from '@/components/ui/selection/list-bulk';
import { userBulkActions } from '@/components/users/user-bulk-actions';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { statusBadgeValue } from '@/components/ui/status-badge';
import { getMe } from '@/lib/api-client/server';
import { usersApi } from '@/lib/api-client/users';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDateTime } from '@/lib/format';
import { hasListFilter, listHref, parseListParams, type SearchParamsRecord } from '@/lib/list-params';
import { uuidSchema } from '@/lib/schemas/common';
import { ROLES, USER_SORT_FIELDS, USER_STATUSES, type UserListItem, type UserListQuery } from '@/lib/schemas/user';
import { isStaff } from '@/lib/schemas/roles';
import { ClientMessages } from '@/components/layout/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users');
  return { title: t('title') };
}

const PATH = hrefs.users();

/** The users in the caller's reach; `?accountId=` (from an account's Benutzer tab) narrows to one account. */
export default async function UsersPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const params = parseListParams(await props.searchParams, {
    sortFields: USER_SORT_FIELDS,
    defaultSort: 'lastName',
    filters: ['role', 'status', 'accountId'],
    filterValues: { role: ROLES, status: USER_STATUSES },
  });
  // A hand-edited id would be refused by the API (422); the list then simply ignores it.
  const accountId = uuidSchema.safeParse(params.filters.accountId).success ? params.filters.accountId : undefined;
  if (!accountId) delete params.filters.accountId;
  const query: Partial<UserListQuery> = {
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    q: params.q || undefined,
    role: params.filters.role as UserListQuery['role'],
    status: params.filters.status as UserListQuery['status'],
    accountId,
  };

  const [me, list, t, tRoles, tStatus, tBadge, locale] = await Promise.all([
    getMe(),
    listUsers(query),
    getTranslations('users'),
    getTranslations('roles'),
    getTranslations('status.user'),
    getTranslations(),
    getLocale(),
  ]);
  const canWrite = hasScope(me.scope, 'users.write');
  const bulk = listBulk({
    listKey: 'users',
    params,
    api: usersApi,
    query,
    actions: userBulkActions(t, canWrite),
  });
  // Distributors and managers only ever see managers: a role filter would have nothing to choose.
  const isStaffMember = isStaff(me.role);
  const accountName = accountId ? list.items.find((row) => row.accountId === accountId)?.accountName : undefined;

  const columns: DataTableColumn<UserListItem>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'lastName',
      isRowHeader: true,
      value: (row) => ({ href: hrefs.user(row.id), text: `${row.firstName} ${row.lastName}` }),
    },
    {
      key: 'email',
      header: t('columns.email'),
      sortField: 'email',
      className: 'text-break',
      value: (row) => row.email,
    },
    { key: 'role', header: t('columns.role'), sortField: 'role', value: (row) => tRoles(row.role) },
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
      value: (row) => statusBadgeValue(tBadge, 'user', row.status),
    },
    {
      key: 'lastLoginAt',
      header: t('columns.lastLoginAt'),
      sortField: 'lastLoginAt',
      className: 'text-nowrap d-none d-lg-table-cell',
      value: (row) => (row.lastLoginAt ? formatDateTime(row.lastLoginAt, locale) : t('neverSignedIn')),
    },
  ];

  return (
    <>
      <ListPageHeader
        title={t('title')}
        actions={
          canWrite ? (
            <Link href={hrefs.userNew({ accountId })} className="btn btn-primary">
              {t('invite')}
            </Link>
          ) : null
        }
      />
      {accountId && (
        <ListScopeNotice
          testId="account-filter"
          clearHref={listHref(PATH, params, { filters: { accountId: null } })}
          clearLabel={t('filters.clearAccount')}
        >
          {accountName ? t('filters.accountOnly', { name: accountName }) : t('filters.accountOnlyUnknown')}
        </ListScopeNotice>
      )}
      {/* The toolbar and the pagination are client components; the table's rows are compact data. */}
      <ClientMessages namespaces={['bulk', 'confirmDialog', 'listToolbar', 'pagination']}>
        <ListToolbar
          searchLabel={t('filters.search')}
          exportHref={usersApi.exportHref(query)}
          filters={[
            ...(isStaffMember
              ? [
                  {
                    name: 'role',
                    label: t('filters.role'),
                    allLabel: t('filters.allRoles'),
                    options: ROLES.map((role) => [role, tRoles(role)] as const),
                  },
                ]
              : []),
            {
              name: 'status',
              label: t('filters.status'),
              allLabel: t('filters.allStatuses'),
              options: USER_STATUSES.map((status) => [status, tStatus(status)] as const),
            },
          ]}
        />
        <DataTable
          columns={columns}
          rows={list.items}
          rowKey={(row) => row.id}
          total={list.total}
          params={params}
          page={list.page}
          perPage={list.perPage}
          pathname={PATH}
          caption={t('caption')}
          isFiltered={hasListFilter(params)}
          selection={bulk && { bulk, rowLabel: (row) => `${row.firstName} ${row.lastName}` }}
        />
      </ClientMessages>
    </>
  );
}
