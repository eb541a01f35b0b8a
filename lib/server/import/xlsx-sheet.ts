import 'server-only';
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { XlsxParts } from './xlsx-guard';

/**
 * The rows of an XLSX's first sheet — the first tab, as Excel shows it — streamed by exceljs' own
 * part parsers, each handed its part by name.
 *
 * Not through `WorkbookReader`'s own walk of the zip: that walk reads the zip front to back with
 * unzipper, which ends its stream of entries as soon as its input is used up, even while entries it
 * already found still wait in that stream, paused while exceljs copies a sheet written before the
 * workbook part (as exceljs and others write it) to a temporary file. When unzipper gets there first,
 * the walk ends without the workbook part and the sheet is read without it ("reading 'sheets'"), or
 * no sheet is read at all — about 3 reads in 1,000 of the same small file, depending on timing alone.
 * The zip is already open here with its central directory read (./xlsx-guard), so the parts are
 * taken in the order their meaning needs: relationships, workbook, shared strings, styles, the sheet.
 *
 * The parsers are `WorkbookReader`'s (exceljs 4.4, pinned in package.json); `read-table.test.ts` reads
 * real files through them, so an upgrade that renames one fails there, not in production.
 */

interface SheetModel {
  name?: string;
  rId?: string;
}
interface Relationship {
  Id?: string;
  Target?: string;
}
/** What this module uses of exceljs' `WorkbookReader` (undeclared in its types). */
interface WorkbookParts {
  model?: { sheets?: SheetModel[] };
  workbookRels?: Relationship[];
  sharedStrings?: unknown[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
}

const WORKBOOK = 'xl/workbook.xml';

/** A relationship's target as a part name: relative to `xl/`, or absolute from the package root. */
function partName(target: string): string {
  const name = target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(WORKBOOK), target);
  return posix.normalize(name);
}

async function required(parts: XlsxParts, name: string): Promise<Readable> {
  const part = await parts.open(name);
  if (!part) throw new Error(`${name} is missing`);
  return part;
}

/** The rows of the first worksheet (none when the workbook lists no worksheet); throws on a broken file. */
export async function* firstSheetRows(parts: XlsxParts): AsyncGenerator<ExcelJS.Row> {
  const book = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as WorkbookParts;
  await book._parseRels(await required(parts, 'xl/_rels/workbook.xml.rels'));
  await book._parseWorkbook(await required(parts, WORKBOOK));
  if (!book.model) throw new Error(`${WORKBOOK} holds no workbook`);

  book.sharedStrings = [];
  const strings = await parts.open('xl/sharedStrings.xml');
  if (strings) for await (const _ of book._parseSharedStrings(strings));
  const styles = await parts.open('xl/styles.xml');
  if (styles) await book._parseStyles(styles);

  // The first tab that is a worksheet (a chart sheet holds no rows).
  const relationships = book.workbookRels ?? [];
  const sheet = (book.model.sheets ?? [])
    .map((model) => relationships.find((relationship) => relationship.Id === model.rId)?.Target)
    .filter((target): target is string => typeof target === 'string')
    .map(partName)
    .find((name) => name.startsWith('xl/worksheets/'));
  if (!sheet) return;
  const part = await required(parts, sheet);
  // exceljs matches the sheet to its tab by this number (`worksheets/sheet{n}.xml`); any name reads.
  const sheetNo = /sheet(\d+)\.xml$/.exec(sheet)?.[1] ?? '1';
  for (const { value } of book._parseWorksheet(part, sheetNo)) {
    yield* value as AsyncIterable<ExcelJS.Row>;
    return;
  }
}
