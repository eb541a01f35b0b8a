import { queryOptions } from '@tanstack/react-query';
import { toQueryString } from '@/lib/hrefs';
import { errorBodySchema } from '@/lib/schemas/common';
import {
  whitelistCheckSchema,
  whitelistEntrySchema,
  whitelistImportReportSchema,
  whitelistListSchema,
  type WhitelistImportReport,
  type WhitelistListQuery,
} from '@/lib/schemas/whitelist';

/** The browser reaches the API only through the same-origin proxy, which adds the session's token. */
const BROWSER_API = '/api/ui';

export const whitelistApi = {
  listPath: (query: Partial<WhitelistListQuery>) => `/whitelist/${toQueryString(query)}`,
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
  listSchema: whitelistListSchema,
  detailSchema: whitelistEntrySchema,
  reportSchema: whitelistImportReportSchema,
  checkSchema: whitelistCheckSchema,
};

/** A refusal of the import as the upload form shows it: status, code and the API's details. */
export class WhitelistImportError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly details: readonly { path: string; message: string }[],
  ) {
    super(`whitelist import answered ${statusCode} ${code}`);
  }
}

/**
 * Uploads the CSV file as the request body (streamed by the browser and by the proxy, never read
 * into a string here): a dry run answers the report, the import the report with the count stored.
 */
export async function uploadWhitelistCsv(
  file: Blob,
  query: { accountId: string; dryRun: boolean },
  signal?: AbortSignal,
): Promise<WhitelistImportReport> {
  const response = await fetch(`${BROWSER_API}${whitelistApi.importPath(query)}`, {
    method: 'POST',
    body: file,
    headers: { 'content-type': 'text/csv', accept: 'application/json' },
    signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorBodySchema.safeParse(body);
    throw new WhitelistImportError(
      response.status,
      error.success ? error.data.code : 'internal',
      error.success ? (error.data.details ?? []) : [],
    );
  }
  return whitelistImportReportSchema.parse(body);
}

/** The portal's question, asked from the back office (the list page's check box). */
export const whitelistCheckQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['whitelist', 'check', email],
    queryFn: async ({ signal }) => {
      const response = await fetch(`${BROWSER_API}${whitelistApi.checkPath(email)}`, {
        signal,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`whitelist check answered ${response.status}`);
      return whitelistCheckSchema.parse(await response.json());
    },
    staleTime: 0,
  });
