import 'server-only';
import { CsvError, parse } from 'csv-parse';
import { TEXT_MESSAGES } from '@/lib/schemas/text';
import {
  WHITELIST_IMPORT_MAX_ROWS,
  WHITELIST_NOTE_MAX,
  whitelistNoteSchema,
  type WhitelistImportIssueCode,
} from '@/lib/schemas/whitelist';
import { normaliseWhitelistValue, type WhitelistKind } from '@/lib/schemas/whitelist-value';
import { ApiError } from '@/lib/server/http/api-error';

/**
 * Reads the whitelist CSV (SPEC §4) as it streams in: UTF-8 (strictly; a BOM is dropped), the
 * delimiter `;` or `,` from the header line, quoted fields, CRLF, LF or CR, header
 * `value;note;validUntil` in any order and case (note and validUntil may be left out). Every data
 * line becomes a row or an issue with its line number in the file; at most `maxBytes` are read and
 * `WHITELIST_IMPORT_MAX_ROWS` rows accepted (413 beyond, nothing stored).
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
  /** Data lines read, valid or not. */
  total: number;
}

interface ParsedRecord {
  fields: string[];
  line: number;
}

const COLUMNS = ['value', 'note', 'validuntil'] as const;
type Column = (typeof COLUMNS)[number];

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

const LINE_BREAK = /\r\n|\r|\n/g;
const countLineBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

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

/** The UTF-8 text of the body, chunk by chunk, refusing more than `maxBytes` and bytes that are no UTF-8. */
async function* decodeBounded(body: AsyncIterable<Uint8Array>, maxBytes: number, onEncodingError: () => void) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let total = 0;
  try {
    for await (const chunk of body) {
      total += chunk.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes);
      yield decoder.decode(chunk, { stream: true });
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') {
      onEncodingError();
      return;
    }
    throw error;
  }
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

export async function parseWhitelistCsv(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<ParsedFile> {
  const rows: ParsedRow[] = [];
  const errors: RowIssue[] = [];
  let total = 0;
  let line = 1;
  let hasEncodingError = false;

  const text = decodeBounded(body, maxBytes, () => {
    hasEncodingError = true;
  });
  // The header line decides the delimiter: read until it is complete.
  let head = '';
  for (;;) {
    const next = await text.next();
    if (next.done) break;
    head += next.value;
    if (/[\r\n]/.test(head.replace(/"[^"]*"/g, '')) || head.length > 64 * 1024) break;
  }
  head = head.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(head.split(/\r\n|\r|\n/, 1)[0] ?? '');

  // Line numbers are counted as the parser goes (records and skipped bad records alike, in order):
  // the record's raw text says how many line breaks it spans.
  const onRecord = (item: { record: string[]; raw: string }): ParsedRecord => {
    const start = line;
    line += countLineBreaks(item.raw);
    return { fields: item.record, line: start };
  };
  const parser = parse({
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    // With `raw`, on_record gets `{ record, raw }`; what it answers is what the parser emits.
    raw: true,
    trim: false,
    skip_records_with_error: true,
    on_record: onRecord as unknown as (record: string[]) => string[],
  });
  // An unclosed quote and the like: that record is reported and reading goes on after it.
  parser.on('skip', (error: { raw?: string }) => {
    errors.push({ line, code: 'csv_malformed', value: '' });
    line += countLineBreaks(error.raw ?? '');
  });
  // Backpressure: wait while the parser is full; stop when it was closed (a bad header, too many rows).
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        parser.off('drain', done);
        parser.off('close', done);
        resolve();
      };
      parser.on('drain', done);
      parser.on('close', done);
    });
  const feed = (async () => {
    try {
      if (head && !parser.write(head)) await drained();
      for await (const chunk of text) {
        if (parser.destroyed) return;
        if (!parser.write(chunk)) await drained();
      }
      if (!parser.destroyed) parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();

  let index: Map<Column, number> | null = null;
  let width = 0;
  try {
    for await (const { fields: record, line: recordLine } of parser as AsyncIterable<ParsedRecord>) {
      const isEmpty = record.length === 1 && record[0]!.trim() === '';
      if (index === null) {
        if (isEmpty) continue;
        const names = record.map((name) => name.trim().toLowerCase());
        const isKnown = names.every((name): name is Column => (COLUMNS as readonly string[]).includes(name));
        if (!isKnown || !names.includes('value') || new Set(names).size !== names.length) {
          errors.push({ line: recordLine, code: 'header_invalid', value: record.join(delimiter).slice(0, 200) });
          break;
        }
        index = new Map(names.map((name, position) => [name as Column, position]));
        width = names.length;
        continue;
      }
      if (isEmpty) continue;
      total += 1;
      if (total > WHITELIST_IMPORT_MAX_ROWS) throw tooManyRows();
      const cell = (column: Column) => {
        const position = index!.get(column);
        return position === undefined ? '' : (record[position] ?? '');
      };
      const fields = { value: cell('value'), note: oneLine(cell('note')), validuntil: cell('validuntil') };
      const shown = fields.value.trim().slice(0, 200);
      if (record.length !== width) {
        errors.push({ line: recordLine, code: 'column_count', value: shown });
        continue;
      }
      const problem = rowIssue(fields);
      if (problem) {
        errors.push({ line: recordLine, code: problem, value: problem === 'invalid_text' ? '' : shown });
        continue;
      }
      const normalised = normaliseWhitelistValue(fields.value.normalize('NFC'));
      if (!normalised.ok) {
        errors.push({ line: recordLine, code: normalised.problem, value: shown });
        continue;
      }
      const validUntil = parseValidUntil(fields.validuntil);
      if (validUntil === undefined) {
        errors.push({ line: recordLine, code: 'invalid_date', value: fields.validuntil.trim().slice(0, 50) });
        continue;
      }
      rows.push({
        line: recordLine,
        kind: normalised.kind,
        value: normalised.value,
        note: fields.note.normalize('NFC').trim(),
        validUntil,
      });
    }
  } catch (error) {
    if (error instanceof ApiError) {
      parser.destroy();
      throw error;
    }
    if (!(error instanceof CsvError)) throw error;
    errors.push({ line, code: 'csv_malformed', value: '' });
  }
  await feed.catch(() => undefined);
  if (hasEncodingError) errors.push({ line, code: 'encoding', value: '' });
  if (index === null && !errors.some((issue) => issue.code === 'header_invalid') && !hasEncodingError) {
    errors.push({ line: 1, code: 'header_invalid', value: '' });
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors, total };
}
