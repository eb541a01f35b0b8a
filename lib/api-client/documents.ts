import type { DocumentListQuery } from '@/lib/schemas/document';
import { toQueryString } from '@/lib/query-string';

/*
 * Without zod on purpose: the document forms and the action bar import this module in the
 * browser (issue 15). Server pages and actions parse answers with the schemas (documents.server.ts).
 */

/** The browser reaches uploads and downloads through the same-origin proxy, which adds the session's token. */
const PROXY = '/api/ui';

export const documentsApi = {
  listPath: (query: Partial<DocumentListQuery>) => `/documents/${toQueryString(query)}`,
  bulkPath: '/documents/bulk/',
  detailPath: (id: string) => `/documents/${encodeURIComponent(id)}/`,
  exportHref: (query: Partial<DocumentListQuery>) => {
    const { page: _page, perPage: _perPage, ...filters } = query;
    return `${PROXY}/export/documents.csv${toQueryString(filters)}`;
  },
  /** POST multipart: a new document. */
  uploadHref: `${PROXY}/documents/`,
  /** POST multipart: a new version of the document. */
  versionUploadHref: (id: string) => `${PROXY}/documents/${encodeURIComponent(id)}/versions/`,
  /** The file of version `n`; `inline` previews PDFs and images. */
  contentHref: (id: string, n: number, options: { inline?: boolean } = {}) =>
    `${PROXY}/documents/${encodeURIComponent(id)}/versions/${n}/content/${options.inline ? '?inline=1' : ''}`,
};
