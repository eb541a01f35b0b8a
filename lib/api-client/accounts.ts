import type { AccountListQuery } from '@/lib/schemas/account';
import { toQueryString } from '@/lib/query-string';

export const accountsApi = {
  listPath: (query: Partial<AccountListQuery>) => `/accounts/${toQueryString(query)}`,
  bulkPath: '/accounts/bulk/',
  detailPath: (id: string) => `/accounts/${encodeURIComponent(id)}/`,
  treePath: (id: string) => `/accounts/${encodeURIComponent(id)}/children/?depth=all`,
  /** The browser downloads exports through the same-origin proxy, which adds the token. */
  exportHref: (query: Partial<AccountListQuery>) => {
    const { page: _page, perPage: _perPage, ...filters } = query;
    return `/api/ui/export/accounts.csv${toQueryString(filters)}`;
  },
  distributorsPath: '/accounts/distributors/',
};
