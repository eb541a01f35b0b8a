import { isErrorBody } from '@/lib/schemas/error-body';
import type { ImportReport } from '@/lib/schemas/import';

/*
 * The account and user imports (issue 49) from the browser: the file goes as the request body
 * through the same-origin proxy (streamed, never read into a string here); the answer is read
 * without Zod (the page's code stays small) and trusted as the API's checked report.
 */

export const BROWSER_API = '/api/ui';
export type ImportTarget = 'accounts' | 'users';

export const importsApi = {
  uploadPath: (target: ImportTarget, dryRun: boolean) => `/${target}/import/${dryRun ? '?dryRun=1' : ''}`,
  templatePath: (target: ImportTarget, format: 'csv' | 'xlsx') => `/${target}/import/template.${format}`,
  detailPath: (id: string) => `/imports/${encodeURIComponent(id)}/`,
};

/** A refusal of an import: status, code, the API's message and details, and the report so far if any. */
export class ImportError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly apiMessage: string,
    readonly report: ImportReport | null,
  ) {
    super(`import answered ${statusCode} ${code}`);
  }
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function uploadImport(
  target: ImportTarget,
  file: Blob & { name?: string },
  dryRun: boolean,
  signal?: AbortSignal,
): Promise<ImportReport> {
  const isXlsx = file.type === XLSX_TYPE || /\.xlsx$/i.test(file.name ?? '');
  const response = await fetch(`${BROWSER_API}${importsApi.uploadPath(target, dryRun)}`, {
    method: 'POST',
    body: file,
    headers: { 'content-type': isXlsx ? XLSX_TYPE : 'text/csv', accept: 'application/json' },
    signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = isErrorBody(body) ? body : null;
    const current = (body as { current?: ImportReport } | null)?.current ?? null;
    throw new ImportError(response.status, error?.code ?? 'internal', error?.message ?? '', current);
  }
  return body as ImportReport;
}
