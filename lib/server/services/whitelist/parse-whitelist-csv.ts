import 'server-only';
import { TEXT_MESSAGES } from '@/lib/schemas/text';
import {
  WHITELIST_IMPORT_MAX_ERRORS,
  WHITELIST_IMPORT_MAX_ROWS,
  WHITELIST_NOTE_MAX,
  whitelistNoteSchema,
  type WhitelistImportIssueCode,
} from '@/lib/schemas/whitelist';
import { normaliseWhitelistValue, type WhitelistKind } from '@/lib/schemas/whitelist-value';
import { ApiError } from '@/lib/server/http/api-error';
import { timeSlicer } from '@/lib/server/time-slicer';
import { LineCheckedDecoder } from '@/lib/server/import/decode-text';
import { type CsvRecord, CsvRecordReader } from '@/lib/server/import/csv-records';

/**
 * Reads the whitelist CSV (SPEC §4) as it streams in: UTF-8 (a line with bytes that are no UTF-8 is
 * an `encoding` error on its own number, issue 45; a BOM is dropped), the
 * delimiter `;` or `,` from the header line, quoted fields, CRLF, LF or CR, header
 * `value;note;validUntil` in any order and case (note and validUntil may be left out). Every data
 * line becomes a row or an issue with its line number in the file; at most `maxBytes` are read and
 * `WHITELIST_IMPORT_MAX_ROWS` lines after the header (blank and malformed ones count) accepted
 * (413 beyond, nothing stored); reading stops at `WHITELIST_IMPORT_MAX_ERRORS` errors.
 *
 * No request may hold the event loop (issue 24): the reader (lib/server/import/csv-records) is linear in its input,
 * gets the text in slices of 16 Ki characters, and the parser yields (`setImmediate`) whenever it
 * has worked for 10 ms, so a 16 MiB hostile file delays other requests by milliseconds, not seconds.
 */

export interface ParsedRow {
  line: number;
  kind: WhitelistKind;
  value: string;
  note: string;
  validUntil: string | null;
}

export interface RowIssue {
  line: number;
  code: WhitelistImportIssueCode;
  value: string;
}

export interface ParsedFile {
  rows: ParsedRow[];
  errors: RowIssue[];
  /** Lines read after the header: valid, invalid, malformed and blank. */
  total: number;
  /** Reading stopped at this line: the file has `WHITELIST_IMPORT_MAX_ERRORS` errors up to it. */
  stoppedAtLine: number | null;
}

export const COLUMNS = ['value', 'note', 'validuntil'] as const;
export type Column = (typeof COLUMNS)[number];

export const tooManyRows = () =>
  new ApiError(
    'payload_too_large',
    `Die Datei hat mehr als ${WHITELIST_IMPORT_MAX_ROWS.toLocaleString('de-DE')} Zeilen; es wurde nichts gespeichert.`,
    { details: [{ path: 'file', message: 'too_many_rows' }] },
  );

const tooLarge = (maxBytes: number) =>
  new ApiError('payload_too_large', `Die Datei ist größer als ${maxBytes} Bytes; es wurde nichts gespeichert.`, {
    details: [{ path: 'file', message: 'too_large' }],
  });

/** `;` unless the header line has more `,` outside quotes (German Excel writes `;`). */
export function detectDelimiter(headerLine: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let isQuoted = false;
  for (const char of headerLine) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && char === ';') semicolons += 1;
    else if (!isQuoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

/** `2026-12-31` or German Excel's `31.12.2026` → `2026-12-31`; empty → null; otherwise undefined. */
export function parseValidUntil(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(trimmed);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (german) [day, month, year] = [Number(german[1]), Number(german[2]), Number(german[3])];
  else return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  if (year < 2000 || year > 9999) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DECODE_BYTES = 64 * 1024;

/** Reads the rest of the body without looking at it (the byte limit still applies). */
async function drainBody(text: AsyncGenerator<string>) {
  try {
    for (;;) {
      const next = await text.next();
      if (next.done) return;
    }
  } catch {
    // Beyond the byte limit: the answer stands, the connection may close.
  }
}

/** The text of the body, chunk by chunk, refusing more than `maxBytes` (bytes that are no UTF-8: `decoder.badLines`). */
async function* decodeBounded(body: AsyncIterable<Uint8Array>, maxBytes: number, decoder: LineCheckedDecoder) {
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge(maxBytes);
    // A body handed on in one piece (the in-process transport) is decoded in bounded pieces too.
    for (let start = 0; start < chunk.byteLength; start += DECODE_BYTES) {
      yield decoder.decode(chunk.subarray(start, start + DECODE_BYTES));
    }
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

const TEXT_PROBLEMS = new Set<string>(Object.values(TEXT_MESSAGES));
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A note over several lines (quoted in the file) becomes one line. */
const oneLine = (text: string) => text.replace(/[ \t]*(\r\n|\r|\n)+[ \t]*/g, ' ');

/** NUL, bidi overrides and the like in any cell are refused as in every text field of the API. */
function rowIssue(fields: Record<Column, string>): WhitelistImportIssueCode | null {
  for (const text of Object.values(fields)) {
    // Printable ASCII holds none of them: most cells skip the schema (50,000 rows × 3 cells).
    if (PRINTABLE_ASCII.test(text)) continue;
    const checked = whitelistNoteSchema.safeParse(text.slice(0, 2_000));
    if (!checked.success && checked.error.issues.some((issue) => TEXT_PROBLEMS.has(issue.message))) {
      return 'invalid_text';
    }
  }
  if (fields.note.trim().length > WHITELIST_NOTE_MAX) return 'note_too_long';
  return null;
}

/** Text handed to the reader at once: a slice is read in well under a millisecond. */
const SLICE_CHARS = 16 * 1024;
/** The header line: where the first line break outside quotes ends it (scanned once, char by char). */
function headerLineEnd(text: string, from: number, quoted: { inside: boolean }): number {
  for (let index = from; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x22) quoted.inside = !quoted.inside;
    else if (!quoted.inside && (char === 0x0a || char === 0x0d)) return index;
  }
  return -1;
}

export async function parseWhitelistCsv(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<ParsedFile> {
  const rows: ParsedRow[] = [];
  const errors: RowIssue[] = [];
  let total = 0;
  let stoppedAtLine: number | null = null;
  const pause = timeSlicer();

  const decoder = new LineCheckedDecoder();
  const text = decodeBounded(body, maxBytes, decoder);
  /** The first line of `record` with bytes that are no UTF-8 (decoded before the record was read), or null. */
  let nextBad = 0;
  const badLineIn = (record: CsvRecord): number | null => {
    const bad = decoder.badLines;
    while (nextBad < bad.length && bad[nextBad]! < record.line) nextBad += 1;
    return nextBad < bad.length && bad[nextBad]! <= record.endLine ? bad[nextBad]! : null;
  };
  // The header line decides the delimiter: read until it is complete (or 64 KiB without one).
  let head = '';
  const quoted = { inside: false };
  for (;;) {
    const next = await text.next();
    if (next.done) break;
    const scanned = head.length;
    head += next.value;
    if (headerLineEnd(head, scanned, quoted) >= 0 || head.length > 64 * 1024) break;
    await pause();
  }
  head = head.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(head.slice(0, Math.max(0, headerLineEnd(head, 0, { inside: false }))) || head);
  const reader = new CsvRecordReader(delimiter);

  let index: Map<Column, number> | null = null;
  let width = 0;
  /** Takes one record; false when reading stops (a bad header, the error limit). */
  const take = (record: CsvRecord): boolean => {
    // Every line but the header counts toward the limit: blank, malformed and valid alike.
    const count = () => {
      total += 1;
      if (total > WHITELIST_IMPORT_MAX_ROWS) throw tooManyRows();
    };
    const badLine = badLineIn(record);
    if (index === null) {
      if (badLine !== null) {
        errors.push({ line: badLine, code: 'encoding', value: '' });
        return false;
      }
      const isBlank = !record.malformed && record.fields.length === 1 && record.fields[0]!.trim() === '';
      if (isBlank) {
        count();
        return true;
      }
      const names = record.fields.map((name) => name.trim().toLowerCase());
      const isKnown = names.every((name): name is Column => (COLUMNS as readonly string[]).includes(name));
      if (record.malformed || !isKnown || !names.includes('value') || new Set(names).size !== names.length) {
        errors.push({ line: record.line, code: 'header_invalid', value: record.fields.join(delimiter).slice(0, 200) });
        return false;
      }
      index = new Map(names.map((name, position) => [name as Column, position]));
      width = names.length;
      return true;
    }
    count();
    // A line with bytes that are no UTF-8 is refused as such; the lines after it are read as usual.
    const outcome =
      badLine === null
        ? readRow(record, index, width)
        : { issue: { line: badLine, code: 'encoding' as const, value: '' } };
    if (outcome === null) return true;
    if ('row' in outcome) {
      rows.push(outcome.row);
      return true;
    }
    errors.push(outcome.issue);
    if (errors.length < WHITELIST_IMPORT_MAX_ERRORS) return true;
    stoppedAtLine = record.line;
    return false;
  };

  const records: CsvRecord[] = [];
  /** Hands the records read to `take`, pausing between them when the time slice is used up. */
  const drain = async (): Promise<boolean> => {
    for (const record of records) {
      if (!take(record)) return false;
      await pause();
    }
    records.length = 0;
    return true;
  };
  const read = async (chunk: string): Promise<boolean> => {
    for (let offset = 0; offset < chunk.length; offset += SLICE_CHARS) {
      reader.push(chunk.slice(offset, offset + SLICE_CHARS), records);
      if (!(await drain())) return false;
      // Also when the slice completed no record (a field of megabytes).
      await pause();
    }
    return true;
  };

  let isReading: boolean;
  try {
    isReading = await read(head);
    while (isReading) {
      const next = await text.next();
      if (next.done) break;
      isReading = await read(next.value);
    }
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 413) await drainBody(text);
    throw error;
  }
  if (isReading) {
    reader.end(records);
    await drain();
  } else {
    // The answer comes before the rest of the body: read it (up to `maxBytes`, and dropped) so the
    // client's upload completes and it gets the answer; left unread, the upload stalls until the
    // connection times out (a 16 MiB file refused after 50,001 lines waited 65 s).
    await drainBody(text);
  }
  if (index === null && errors.length === 0) {
    errors.push({ line: 1, code: 'header_invalid', value: '' });
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors, total, stoppedAtLine };
}

/** A data record as a row to store, an issue, or null (a blank line). */
export function readRow(
  record: CsvRecord,
  index: Map<Column, number>,
  width: number,
): { row: ParsedRow } | { issue: RowIssue } | null {
  const line = record.line;
  if (record.malformed) return { issue: { line, code: 'csv_malformed', value: '' } };
  const { fields: cells } = record;
  if (cells.length === 1 && cells[0]!.trim() === '') return null;
  const cell = (column: Column) => {
    const position = index.get(column);
    return position === undefined ? '' : (cells[position] ?? '');
  };
  const fields = { value: cell('value'), note: oneLine(cell('note')), validuntil: cell('validuntil') };
  const shown = fields.value.trim().slice(0, 200);
  if (cells.length !== width) return { issue: { line, code: 'column_count', value: shown } };
  const problem = rowIssue(fields);
  if (problem) return { issue: { line, code: problem, value: problem === 'invalid_text' ? '' : shown } };
  const normalised = normaliseWhitelistValue(fields.value.normalize('NFC'));
  if (!normalised.ok) return { issue: { line, code: normalised.problem, value: shown } };
  const validUntil = parseValidUntil(fields.validuntil);
  if (validUntil === undefined) {
    return { issue: { line, code: 'invalid_date', value: fields.validuntil.trim().slice(0, 50) } };
  }
  return {
    row: {
      line,
      kind: normalised.kind,
      value: normalised.value,
      note: fields.note.normalize('NFC').trim(),
      validUntil,
    },
  };
}
