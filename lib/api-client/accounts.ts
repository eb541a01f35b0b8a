import {
  accountDistributorsSchema,
  accountListSchema,
  accountSchema,
  type AccountListQuery,
} from '@/lib/schemas/account';

type QueryValue = string | number | boolean | undefined | null;

/** A query string of the set values, for API calls and links alike. */
export function toQueryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const accountsApi = {
  listPath: (query: Partial<AccountListQuery>) => `/accounts/${toQueryString(query)}`,
  detailPath: (id: string) => `/accounts/${encodeURIComponent(id)}/`,
  treePath: (id: string) => `/accounts/${encodeURIComponent(id)}/children/?depth=all`,
  /** The browser downloads exports through the same-origin proxy, which adds the token. */
  exportHref: (query: Partial<AccountListQuery>) => {
    const { page: _page, perPage: _perPage, ...filters } = query;
    return `/api/ui/export/accounts.csv${toQueryString(filters)}`;
  },
  distributorsPath: '/accounts/distributors/',
  distributorsSchema: accountDistributorsSchema,
  listSchema: accountListSchema,
  detailSchema: accountSchema,
};
