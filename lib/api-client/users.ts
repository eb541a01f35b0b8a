import type { UserListQuery } from '@/lib/schemas/user';
import { toQueryString } from '@/lib/query-string';

export const usersApi = {
  listPath: (query: Partial<UserListQuery>) => `/users/${toQueryString(query)}`,
  bulkPath: '/users/bulk/',
  detailPath: (id: string) => `/users/${encodeURIComponent(id)}/`,
  /** `lock`, `unlock`, `deactivate`, `resend-invitation`. */
  actionPath: (id: string, action: 'lock' | 'unlock' | 'deactivate' | 'resend-invitation' | 'mfa-reset') =>
    `/users/${encodeURIComponent(id)}/${action}/`,
  erasurePath: (id: string) => `/users/${encodeURIComponent(id)}/erasure/`,
  /** Who viewed the user (`subject`) or whose data they viewed (`actor`); administrators only (issue 51). */
  accessLogPath: (id: string, as: 'subject' | 'actor', perPage = 20) =>
    `/users/${encodeURIComponent(id)}/access-log/${toQueryString({ as, perPage })}`,
  /** GDPR Art. 15/20: the person's data as one JSON file, through the same-origin proxy. */
  dataExportHref: (id: string) => `/api/ui/users/${encodeURIComponent(id)}/data-export/`,
  ownDataExportHref: () => '/api/ui/profile/data-export/',
  /** The browser downloads exports through the same-origin proxy, which adds the token. */
  exportHref: (query: Partial<UserListQuery>) => {
    const { page: _page, perPage: _perPage, ...filters } = query;
    return `/api/ui/export/users.csv${toQueryString(filters)}`;
  },
};
