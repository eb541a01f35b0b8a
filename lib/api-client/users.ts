import type { UserListQuery } from '@/lib/schemas/user';
import { toQueryString } from '@/lib/hrefs';

export const usersApi = {
  listPath: (query: Partial<UserListQuery>) => `/users/${toQueryString(query)}`,
  bulkPath: '/users/bulk/',
  detailPath: (id: string) => `/users/${encodeURIComponent(id)}/`,
  /** `lock`, `unlock`, `deactivate`, `resend-invitation`. */
  actionPath: (id: string, action: 'lock' | 'unlock' | 'deactivate' | 'resend-invitation') =>
    `/users/${encodeURIComponent(id)}/${action}/`,
  /** The browser downloads exports through the same-origin proxy, which adds the token. */
  exportHref: (query: Partial<UserListQuery>) => {
    const { page: _page, perPage: _perPage, ...filters } = query;
    return `/api/ui/export/users.csv${toQueryString(filters)}`;
  },
};
