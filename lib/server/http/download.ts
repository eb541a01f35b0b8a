import 'server-only';
import contentDisposition from 'content-disposition';

/** The length of a streamed answer whose size is known (scripts/server.mjs: DECLARED_LENGTH_HEADER). */
export const DECLARED_LENGTH_HEADER = 'x-benefits-content-length';

/**
 * What a browser may do with a served file: nothing but show or save it. A sandbox without any
 * allowance (no scripts, no same origin, no forms), nothing loaded from elsewhere, framed only by
 * the app itself (the document page's preview).
 */
export const DOWNLOAD_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * `Content-Disposition` for a stored file name (RFC 6266): an ASCII `filename` fallback without
 * quotes, backslashes or control characters, and `filename*=UTF-8''…` with the name percent-encoded,
 * so umlauts survive and quotes, line breaks or path separators cannot break the header or pick a folder.
 */
export function dispositionHeader(fileName: string, kind: 'attachment' | 'inline'): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const printable = base.replace(/[\u0000-\u001F\u007F-\u009F]/g, '_').trim() || 'download';
  return contentDisposition(printable, { type: kind, fallback: asciiFallback(printable) });
}

/** "Übersicht \"2026\".pdf" → "Ubersicht _2026_.pdf": letters without their accents, the rest that could confuse a parser as `_`. */
export function asciiFallback(fileName: string): string {
  return fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
}

/** The answer for a file download: its bytes with their length, the disposition, nosniff and the sandbox. */
export function fileResponse(file: {
  content: ReadableStream<Uint8Array>;
  sizeBytes: number;
  fileName: string;
  mimeType: string;
  sha256: string;
  isInline: boolean;
}): Response {
  return new Response(file.content as ReadableStream<Uint8Array<ArrayBuffer>>, {
    status: 200,
    headers: {
      'content-type': file.mimeType,
      'content-length': String(file.sizeBytes),
      // Next 16 drops Content-Length from a route handler's answer (send-response.js); scripts/server.mjs
      // sends this one as Content-Length instead, so a browser shows the download's progress.
      [DECLARED_LENGTH_HEADER]: String(file.sizeBytes),
      'content-disposition': dispositionHeader(file.fileName, file.isInline ? 'inline' : 'attachment'),
      'x-content-type-options': 'nosniff',
      'content-security-policy': DOWNLOAD_CSP,
      // no-transform: nothing on the way (Next's own gzip included) may compress the file, which would
      // drop Content-Length and with it the browser's progress (issue 49).
      'cache-control': 'private, no-store, no-transform',
      etag: `"${file.sha256}"`,
    },
  });
}
