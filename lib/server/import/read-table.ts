import 'server-only';
import type ExcelJS from 'exceljs';
import { IMPORT_MAX_BYTES, IMPORT_MAX_CELLS, IMPORT_MAX_COLUMNS } from '@/lib/schemas/import';
import { ApiError } from '@/lib/server/http/api-error';
import { timeSlicer } from '@/lib/server/time-slicer';
import { type CsvRecord, CsvRecordReader } from './csv-records';
import { LineCheckedDecoder } from './decode-text';
import { notXlsx, openBoundedXlsx, type XlsxParts } from './xlsx-guard';
import { firstSheetRows } from './xlsx-sheet';

/**
 * The import kit's reader (issue 49): an uploaded file, CSV or XLSX, as rows of text cells with the
 * line (CSV) or row number (XLSX) a person sees in their editor. Every importer takes its rows from
 * here, so the rules below hold for all of them.
 *
 * - **The upload** is read whole (it is bounded: IMPORT_MAX_BYTES, 413 beyond; an XLSX needs random
 *   access anyway). A 0-byte file is refused (422 `empty_file`).
 * - **XLSX** is told by its zip signature, not the declared type; only the first sheet is read,
 *   streaming (exceljs' WorkbookReader), after ./xlsx-guard has bounded the unpacked size. Formulas
 *   are **never evaluated and never taken**: a cell holding one makes its row an error (`formula`,
 *   the column named) — not even its cached result is used, since nobody can tell whether that result
 *   is current. A text cell starting with `=` stays text (the exports neutralise it on the way out).
 *   Dates become `JJJJ-MM-TT`, numbers their shortest decimal text.
 * - **CSV**: UTF-8 with or without BOM; a file that is no UTF-8 and holds no UTF-8 character at all
 *   is Windows-1252 (German Excel's "CSV (Trennzeichen-getrennt)"); a UTF-8 file with a few bad bytes
 *   keeps UTF-8 and each line holding them is an `encoding` error. `;` or `,`, whichever the header
 *   line has more of outside quotes; quoted fields, CRLF, LF or CR (./csv-records).
 * - More than IMPORT_MAX_COLUMNS columns in a row, or IMPORT_MAX_CELLS cells in all: 422.
 * - Rows come in bounded slices; the reader yields the event loop (setImmediate) every 10 ms.
 */

export type TableProblem = 'encoding' | 'csv_malformed' | 'formula';
export interface TableRow {
  line: number;
  cells: string[];
  problem: TableProblem | null;
  /** With `formula`: the 0-based column of the first formula cell. */
  problemColumn?: number;
}
export interface Table {
  format: 'csv' | 'xlsx';
  rows: AsyncGenerator<TableRow>;
}

const refused = (code: string, message: string) =>
  new ApiError('validation_failed', message, { details: [{ path: 'file', message: code }] });
export const emptyFile = () => refused('empty_file', 'Die Datei ist leer (0 Bytes).');
const tooManyColumns = () =>
  refused('too_many_columns', `Die Datei hat mehr als ${IMPORT_MAX_COLUMNS} Spalten; sie wird nicht gelesen.`);
const tooManyCells = () =>
  refused(
    'too_many_cells',
    `Die Datei hat mehr als ${IMPORT_MAX_CELLS.toLocaleString('de-DE')} Zellen; sie wird nicht gelesen.`,
  );
const tooLarge = (maxBytes: number) =>
  new ApiError('payload_too_large', `Die Datei ist größer als ${maxBytes} Bytes.`, {
    details: [{ path: 'file', message: 'too_large' }],
  });

/** The request body, bounded (413 beyond `maxBytes`; a declared length beyond it is refused unread). */
export async function readUpload(req: Request, maxBytes = IMPORT_MAX_BYTES): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  let over = false;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    // Beyond the limit the rest is read and dropped, so the client's upload completes and it gets the answer.
    if (total > maxBytes) over = true;
    if (!over) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  if (over) throw tooLarge(maxBytes);
  return Buffer.concat(chunks, total);
}

export const isXlsx = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Opens `bytes` as a table (refusals: empty file, zip bomb, no XLSX). */
export async function openTable(bytes: Buffer): Promise<Table> {
  if (bytes.length === 0) throw emptyFile();
  if (isXlsx(bytes)) {
    const parts = await openBoundedXlsx(bytes);
    return { format: 'xlsx', rows: xlsxRows(parts) };
  }
  return { format: 'csv', rows: csvRows(bytes) };
}

// ---------------------------------------------------------------------------------------------- CSV

const DECODE_BYTES = 64 * 1024;
const SLICE_CHARS = 16 * 1024;

/** The file as text and the lines with bytes that are no UTF-8 (none when read as Windows-1252). */
export async function decodeCsv(bytes: Uint8Array): Promise<{ text: string; badLines: number[]; encoding: string }> {
  const pause = timeSlicer();
  const decoder = new LineCheckedDecoder();
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += DECODE_BYTES) {
    parts.push(decoder.decode(bytes.subarray(start, start + DECODE_BYTES)));
    await pause();
  }
  parts.push(decoder.end());
  const text = parts.join('');
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (decoder.badLines.length === 0 || hasBom) {
    return { text: text.replace(/^\uFEFF/, ''), badLines: decoder.badLines, encoding: 'utf-8' };
  }
  // Not one UTF-8 character besides the bad bytes: the file is Windows-1252 as a whole.
  if (!/[^\u0000-\u007f\ufffd]/.test(text)) {
    const legacy = new TextDecoder('windows-1252');
    const pieces: string[] = [];
    for (let start = 0; start < bytes.length; start += DECODE_BYTES) {
      pieces.push(legacy.decode(bytes.subarray(start, start + DECODE_BYTES), { stream: true }));
      await pause();
    }
    pieces.push(legacy.decode());
    return { text: pieces.join(''), badLines: [], encoding: 'windows-1252' };
  }
  return { text, badLines: decoder.badLines, encoding: 'utf-8' };
}

/** `;` or `,`: whichever the first line has more of outside quotes (`;` on a tie, as German Excel writes). */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let index = 0; index < text.length && index < 64 * 1024; index++) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

async function* csvRows(bytes: Buffer): AsyncGenerator<TableRow> {
  const pause = timeSlicer();
  const { text, badLines } = await decodeCsv(bytes);
  const reader = new CsvRecordReader(detectDelimiter(text), 4096, IMPORT_MAX_COLUMNS + 1);
  let nextBad = 0;
  const badLineIn = (record: CsvRecord): boolean => {
    while (nextBad < badLines.length && badLines[nextBad]! < record.line) nextBad += 1;
    return nextBad < badLines.length && badLines[nextBad]! <= record.endLine;
  };
  let cells = 0;
  const records: CsvRecord[] = [];
  const toRow = (record: CsvRecord): TableRow => {
    if (record.fields.length > IMPORT_MAX_COLUMNS) throw tooManyColumns();
    cells += record.fields.length;
    if (cells > IMPORT_MAX_CELLS) throw tooManyCells();
    const problem = badLineIn(record) ? 'encoding' : record.malformed ? 'csv_malformed' : null;
    return { line: record.line, cells: problem ? [] : record.fields, problem };
  };
  for (let offset = 0; offset < text.length; offset += SLICE_CHARS) {
    reader.push(text.slice(offset, offset + SLICE_CHARS), records);
    for (const record of records) {
      yield toRow(record);
      await pause();
    }
    records.length = 0;
    await pause();
  }
  reader.end(records);
  for (const record of records) yield toRow(record);
}

// --------------------------------------------------------------------------------------------- XLSX

const pad = (value: number) => String(value).padStart(2, '0');

/** A cell's value as text; `formula` for a formula (never evaluated, its cached result not taken). */
export function cellText(value: ExcelJS.CellValue): string | { formula: true } {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { formula: true };
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part) => part.text).join('');
    if ('error' in value) return String(value.error);
    if ('text' in value) {
      const text = (value as { text: unknown }).text;
      return typeof text === 'string' ? text : cellText(text as ExcelJS.CellValue);
    }
  }
  return '';
}

async function* xlsxRows(parts: XlsxParts): AsyncGenerator<TableRow> {
  const pause = timeSlicer();
  let cells = 0;
  try {
    for await (const row of firstSheetRows(parts)) {
      const width = row.cellCount;
      if (width > IMPORT_MAX_COLUMNS) throw tooManyColumns();
      cells += width;
      if (cells > IMPORT_MAX_CELLS) throw tooManyCells();
      const texts: string[] = [];
      let formulaColumn: number | null = null;
      for (let column = 1; column <= width; column++) {
        const text = cellText(row.getCell(column).value);
        if (typeof text === 'string') texts.push(text);
        else {
          formulaColumn ??= column - 1;
          texts.push('');
        }
      }
      yield formulaColumn === null
        ? { line: row.number, cells: texts, problem: null }
        : { line: row.number, cells: texts, problem: 'formula', problemColumn: formulaColumn };
      await pause();
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw notXlsx();
  }
}
