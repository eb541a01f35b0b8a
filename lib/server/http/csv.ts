import 'server-only';
import { log } from '@/lib/server/observability';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV exports that German Excel opens correctly (SPEC §4): UTF-8 with a byte-order mark, `;`
 * between cells, CRLF between records, dates as TT.MM.JJJJ in German time. Every export of the
 * API (accounts, users, history, whitelist …) streams through `csvResponse`.
 */

export const UTF8_BOM = '\uFEFF';
export const CSV_DELIMITER = ';';
const TIME_ZONE = 'Europe/Berlin';

/** A cell: text, a number, a date, or empty. */
export type CsvCell = string | number | Date | null | undefined;

const germanDate = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const germanDateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `21.11.2026 14:05` in German time: for instants whose time of day matters (the history). */
export function formatGermanDateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return germanDateTime.format(date).replace(', ', ' ');
}

/** `21.11.2026`: the calendar day in Germany (a timestamp at 23:30 UTC is already the next day there). */
export function formatGermanDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return germanDate.format(date);
}

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `2026-11-21`, today in Germany: for file names that sort by date. */
export function berlinIsoDate(date: Date = new Date()): string {
  return isoDay.format(date);
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one) as a formula:
 * text from users must never do that in the export of someone else (CSV injection, OWASP).
 * The leading apostrophe makes Excel show the text as it is.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One cell as text: numbers as they are, dates in the German format, text made formula-safe. */
export function csvCellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (cell instanceof Date) return formatGermanDate(cell);
  return neutralizeFormula(cell);
}

/** Records as CSV text (`;`, CRLF, quoting where needed), without the BOM. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  return stringify(
    rows.map((row) => row.map(csvCellText)),
    { delimiter: CSV_DELIMITER, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/** A safe `attachment` file name: ASCII letters, digits, dot, dash and underscore. */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 150) || 'export.csv';
}

const FLUSH_BYTES = 64 * 1024;

/**
 * Streams a CSV download: the header line, then the rows as the iterator yields them. Rows are
 * sent in chunks of about 64 KiB and only when the client reads on, so the server never holds the
 * whole export, however many rows it has. A failure after the first bytes can only cut the download
 * short (the status line is out already); it is logged.
 */
export function csvResponse(options: {
  fileName: string;
  header: readonly string[];
  rows: AsyncIterable<readonly CsvCell[]>;
  /** The language of the header and labels (from `Accept-Language`); German by default. */
  locale?: 'de' | 'en';
}): Response {
  const encoder = new TextEncoder();
  const iterator = options.rows[Symbol.asyncIterator]();
  let headerSent = false;

  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = '';
      if (!headerSent) {
        headerSent = true;
        text = UTF8_BOM + csvLines([options.header]);
      }
      try {
        const batch: (readonly CsvCell[])[] = [];
        let size = text.length;
        for (;;) {
          const next = await iterator.next();
          if (next.done) {
            text += csvLines(batch);
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          batch.push(next.value);
          // A rough size estimate is enough to decide when to flush.
          size += next.value.length * 12;
          if (size >= FLUSH_BYTES) break;
        }
        controller.enqueue(encoder.encode(text + csvLines(batch)));
      } catch (error) {
        log().error({ err: error }, '[api] CSV export failed while streaming');
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${safeFileName(options.fileName)}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-language': options.locale ?? 'de',
      vary: 'Accept-Language',
    },
  });
}
