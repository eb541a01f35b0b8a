import { toQueryString } from '@/lib/query-string';
import type { WhitelistCheck, WhitelistListQuery } from '@/lib/schemas/whitelist';

/**
 * The whitelist's API paths and the check the list page's box asks from the browser. Without Zod
 * (issue 15): the server reads answers with the schemas of lib/schemas/whitelist, the check box
 * checks its small answer by hand. The CSV upload is in ./whitelist-upload.
 */

/** The browser reaches the API only through the same-origin proxy, which adds the session's token. */
export const BROWSER_API = '/api/ui';

export const whitelistApi = {
  listPath: (query: Partial<WhitelistListQuery>) => `/whitelist/${toQueryString(query)}`,
  bulkPath: '/whitelist/bulk/',
  detailPath: (id: string) => `/whitelist/${encodeURIComponent(id)}/`,
  createPath: '/whitelist/',
  importPath: (query: { accountId: string; dryRun: boolean }) =>
    `/whitelist/import/${toQueryString({ accountId: query.accountId, dryRun: query.dryRun ? 1 : undefined })}`,
  checkPath: (email: string) => `/whitelist/check/${toQueryString({ email })}`,
  /** The browser downloads exports through the same-origin proxy, which adds the token. */
  exportHref: (query: Partial<WhitelistListQuery>) => {
    const { page: _page, perPage: _perPage, ...filters } = query;
    return `${BROWSER_API}/export/whitelist.csv${toQueryString(filters)}`;
  },
};

/** Whether `body` is the check's answer (`whitelistCheckSchema`, checked by hand: no Zod on the list page). */
function isWhitelistCheck(body: unknown): body is WhitelistCheck {
  if (typeof body !== 'object' || body === null) return false;
  const { allowed, accountIds } = body as Partial<Record<keyof WhitelistCheck, unknown>>;
  return typeof allowed === 'boolean' && Array.isArray(accountIds) && accountIds.every((id) => typeof id === 'string');
}

/** The portal's question, asked from the back office (the list page's check box). */
export async function checkWhitelist(email: string, signal?: AbortSignal): Promise<WhitelistCheck> {
  const response = await fetch(`${BROWSER_API}${whitelistApi.checkPath(email)}`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`whitelist check answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isWhitelistCheck(body)) throw new Error('whitelist check answered no check result');
  return body;
}
