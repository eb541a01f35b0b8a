import type { ApprovalListQuery } from '@/lib/schemas/approval';
import type { ChangeListQuery } from '@/lib/schemas/change';
import { toQueryString } from '@/lib/query-string';

export const approvalsApi = {
  listPath: (query: Partial<ApprovalListQuery>) => `/approvals/${toQueryString(query)}`,
  bulkPath: '/approvals/bulk/',
  detailPath: (id: string) => `/approvals/${encodeURIComponent(id)}/`,
  actionPath: (id: string, action: 'approve' | 'reject' | 'withdraw') =>
    `/approvals/${encodeURIComponent(id)}/${action}/`,
  exportHref: (query: Partial<ApprovalListQuery>) => {
    const { page: _page, perPage: _perPage, ...filters } = query;
    return `/api/ui/export/approvals.csv${toQueryString(filters)}`;
  },
  /** The navbar badge: requests of other people waiting for a decision (only `total` is read). */
  waitingBadgePath: '/api/ui/approvals?mine=false&perPage=1',
};

export const changesApi = {
  listPath: (query: Partial<ChangeListQuery>) => `/changes/${toQueryString(query)}`,
  detailPath: (id: string) => `/changes/${encodeURIComponent(id)}/`,
  exportHref: (query: Partial<ChangeListQuery>) => {
    const { page: _page, perPage: _perPage, after: _after, ...filters } = query;
    return `/api/ui/export/changes.csv${toQueryString(filters)}`;
  },
};
