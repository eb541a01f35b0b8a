import 'server-only';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { log } from '@/lib/server/observability';
import { neutralizeFormula, safeFileName, type CsvCell } from './csv';

/**
 * XLSX exports beside the CSVs (issue 49): the same rows, streamed with exceljs' streaming writer
 * into a zip that goes out as it is written, with typed cells — dates as Excel dates in German time
 * with a German date format, amounts as numbers with a € format, counts as numbers — a bold header
 * row that stays in view (frozen) and carries an auto filter, and column widths from the header and
 * the first rows. Text is made formula-safe by the CSV's own rule (`neutralizeFormula`) so both
 * formats show the same text, and written as a string cell, which Excel never evaluates.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a column holds; decides the cell's type and number format. */
export type ColumnKind = 'text' | 'date' | 'datetime' | 'count' | 'integer' | 'money';

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
}

/** Excel's number formats by kind (format codes are stored locale-free; Excel shows them localised). */
export const XLSX_NUMBER_FORMATS: Record<Exclude<ColumnKind, 'text'>, string> = {
  date: 'dd.mm.yyyy',
  datetime: 'dd.mm.yyyy hh:mm',
  count: '#,##0',
  integer: '0',
  money: '#,##0.00 "€"',
};

/** The most characters Excel keeps in a cell. */
export const XLSX_MAX_CELL_CHARS = 32_767;

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as Excel sees a date: Excel has no time zones, so the cell holds the German wall
 * clock (what the CSV shows), written as that time in UTC (exceljs converts a Date by its UTC
 * value). `date` columns keep the calendar day only, as the CSV's TT.MM.JJJJ does.
 */
export function excelDateOf(value: Date, kind: 'date' | 'datetime'): Date | null {
  const time = value.getTime();
  if (Number.isNaN(time)) return null;
  const wall = time + berlinOffsetMs(time);
  return new Date(kind === 'date' ? wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS) : wall);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Germany's offset from UTC by UTC hour (it changes only on the hour): Intl's formatting is slow per cell. */
const offsets = new Map<number, number>();

function berlinOffsetMs(time: number): number {
  const hour = Math.floor(time / HOUR_MS);
  const cached = offsets.get(hour);
  if (cached !== undefined) return cached;
  const at = hour * HOUR_MS;
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour: h = 0, minute = 0, second = 0 } = parts;
  const offset = Date.UTC(year, month - 1, day, h, minute, second) - at;
  if (offsets.size >= 100_000) offsets.clear();
  offsets.set(hour, offset);
  return offset;
}

/**
 * One cell's value for the sheet: numbers stay numbers, dates become Excel dates (a Date in a text
 * column too), text is made formula-safe (the CSV's rule) and cut to Excel's 32,767 characters.
 */
export function xlsxCellValue(cell: CsvCell, kind: ColumnKind): string | number | Date | null {
  if (cell === null || cell === undefined || cell === '') return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (cell instanceof Date) return excelDateOf(cell, kind === 'datetime' ? 'datetime' : 'date');
  const text = neutralizeFormula(cell);
  return text.length > XLSX_MAX_CELL_CHARS ? text.slice(0, XLSX_MAX_CELL_CHARS) : text;
}

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const FIXED_WIDTHS: Partial<Record<ColumnKind, number>> = { date: 12, datetime: 17, money: 14 };

/** A column's width in characters: the header's, else the widest sampled cell, within 8–60. */
export function columnWidth(column: ExportColumn, sample: readonly (readonly CsvCell[])[], index: number): number {
  let widest = column.header.length;
  const fixed = FIXED_WIDTHS[column.kind];
  if (fixed !== undefined) widest = Math.max(widest, fixed - 2);
  else {
    for (const row of sample) {
      const cell = row[index];
      if (cell === null || cell === undefined) continue;
      const length = typeof cell === 'number' ? cell.toLocaleString('de-DE').length : String(cell).length;
      if (length > widest) widest = length;
    }
  }
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2));
}

/** A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`. */
export function sheetNameOf(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Export';
}

/** Rows sampled for the column widths before the first row is written. */
const WIDTH_SAMPLE_ROWS = 100;
/** Rows written between two checks of the client's pace (and a yield to the event loop). */
export const XLSX_BATCH_ROWS = 100;
const OUT_HIGH_WATER_MARK = 64 * 1024;

const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } },
};

/** Bytes archiver may hold (its zip output and the sheet's XML not yet compressed) before the writer waits. */
const MAX_BACKLOG_BYTES = 512 * 1024;

/** A stream of readable-stream 2/3 (archiver's) or of Node: what it buffers on both sides. */
interface BufferedStream {
  _readableState?: { length?: number };
  _writableState?: { length?: number };
}

function bufferedBytes(stream: BufferedStream | undefined): number {
  if (!stream) return 0;
  return (stream._readableState?.length ?? 0) + (stream._writableState?.length ?? 0);
}

function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Streams an XLSX download of one sheet: the header, then the rows as the iterator yields them.
 * The workbook is written as the client reads: after every 100 rows (about 20 ms of exceljs's work) the writer waits until the
 * bytes already produced have left (the output's buffer has drained) and yields to the event loop,
 * so memory holds at most about one batch however many rows there are. Shared strings are off
 * (they would keep every distinct text in memory to the end). A failure after the first bytes can
 * only cut the download short (the status line is out); it is logged.
 */
export function xlsxResponse(options: {
  fileName: string;
  sheetName: string;
  columns: readonly ExportColumn[];
  rows: AsyncIterable<readonly CsvCell[]>;
  locale?: 'de' | 'en';
}): Response {
  const { columns } = options;
  const iterator = options.rows[Symbol.asyncIterator]();
  const out = new PassThrough({ highWaterMark: OUT_HIGH_WATER_MARK });
  let cancelled = false;
  let started = false;

  let backlogOf: () => number = () => 0;
  /**
   * Waits until the client has taken what was written: exceljs hands the sheet's XML to archiver
   * without backpressure, and archiver buffers its zip output while `out` is full, so the writer
   * looks at both buffers (exceljs 4's internals, read defensively) besides `out`'s own.
   */
  const waitForClient = async () => {
    await yieldToEventLoop();
    while (!cancelled) {
      const backlog = backlogOf();
      if (!out.writableNeedDrain && backlog <= MAX_BACKLOG_BYTES) return;
      if (out.writableNeedDrain) await drainedOrClosed(out);
      else await new Promise<void>((resolve) => setTimeout(resolve, 5));
    }
  };

  async function produce(): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const zip = (workbook as unknown as { zip?: NodeJS.EventEmitter & BufferedStream }).zip;
    zip?.on('error', (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    const sheet = workbook.addWorksheet(sheetNameOf(options.sheetName), {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    });

    const sheetStream = () => (sheet as unknown as { _stream?: { pipes?: BufferedStream[] } })._stream;
    backlogOf = () =>
      bufferedBytes(zip) + (sheetStream()?.pipes ?? []).reduce((sum, pipe) => sum + bufferedBytes(pipe), 0);

    const sample: (readonly CsvCell[])[] = [];
    let exhausted = false;
    while (sample.length < WIDTH_SAMPLE_ROWS) {
      const next = await iterator.next();
      if (next.done) {
        exhausted = true;
        break;
      }
      sample.push(next.value);
    }
    // One style object per column: exceljs caches a style by its object, so cells share it cheaply.
    sheet.columns = columns.map((column, index) => ({
      width: columnWidth(column, sample, index),
      style: column.kind === 'text' ? {} : { numFmt: XLSX_NUMBER_FORMATS[column.kind] },
    }));
    const header = sheet.addRow(columns.map((column) => neutralizeFormula(column.header)));
    header.eachCell((cell) => {
      cell.style = HEADER_STYLE;
    });
    header.commit();

    let lastRow = 1;
    const write = (cells: readonly CsvCell[]) => {
      sheet.addRow(columns.map((column, index) => xlsxCellValue(cells[index], column.kind))).commit();
      lastRow += 1;
    };
    for (const row of sample) write(row);
    sample.length = 0;

    let inBatch = 0;
    while (!exhausted && !cancelled) {
      const next = await iterator.next();
      if (next.done) break;
      write(next.value);
      inBatch += 1;
      if (inBatch >= XLSX_BATCH_ROWS) {
        inBatch = 0;
        await waitForClient();
      }
    }
    if (cancelled) {
      await iterator.return?.();
      return;
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: lastRow, column: columns.length } };
    sheet.commit();
    await workbook.commit();
  }

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        out.on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) out.pause();
        });
        out.on('end', () => controller.close());
        out.on('error', (error) => {
          if (!cancelled) controller.error(error);
        });
        out.pause();
      },
      pull() {
        if (!started) {
          started = true;
          produce().catch((error: unknown) => {
            log().error({ err: error }, '[api] XLSX export failed while streaming');
            out.destroy(error instanceof Error ? error : new Error(String(error)));
          });
        }
        out.resume();
      },
      async cancel() {
        cancelled = true;
        out.destroy();
        if (!started) await iterator.return?.();
      },
    },
    { highWaterMark: OUT_HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );

  const base = options.fileName.replace(/\.(csv|xlsx)$/i, '');
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${safeFileName(`${base}.xlsx`)}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-language': options.locale ?? 'de',
      vary: 'Accept-Language',
    },
  });
}
