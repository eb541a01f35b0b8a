import { isErrorBody } from '@/lib/schemas/error-body';
import type { WhitelistImportReport } from '@/lib/schemas/whitelist';
import { BROWSER_API, whitelistApi } from './whitelist';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/*
 * The CSV import's calls from the browser, apart from ./whitelist so the list page (which only
 * checks an address) loads none of this. Without Zod (issue 15): a refusal is read by hand, the
 * report's schema loads with the first upload.
 */

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
 * The report's schema (and Zod with it) loads alongside the first upload, not with the page.
 */
export async function uploadWhitelistCsv(
  file: Blob,
  query: { accountId: string; dryRun: boolean },
  signal?: AbortSignal,
): Promise<WhitelistImportReport> {
  const schemas = import('@/lib/schemas/whitelist');
  // Awaited only after the upload answers: a failed load must not be reported unhandled before.
  schemas.catch(() => undefined);
  const isXlsx = file.type === XLSX_TYPE || /\.xlsx$/i.test((file as Blob & { name?: string }).name ?? '');
  const response = await fetch(`${BROWSER_API}${whitelistApi.importPath(query)}`, {
    method: 'POST',
    body: file,
    headers: { 'content-type': isXlsx ? XLSX_TYPE : 'text/csv', accept: 'application/json' },
    signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = isErrorBody(body) ? body : null;
    throw new WhitelistImportError(response.status, error?.code ?? 'internal', error?.details ?? []);
  }
  return (await schemas).whitelistImportReportSchema.parse(body);
}
