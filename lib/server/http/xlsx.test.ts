/** @jest-environment node */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { exportColumns, exportResponse } from './export-table';
import type { CsvCell } from './csv';
import {
  XLSX_BATCH_ROWS,
  XLSX_CONTENT_TYPE,
  XLSX_MAX_CELL_CHARS,
  columnWidth,
  excelDateOf,
  sheetNameOf,
  xlsxCellValue,
  xlsxResponse,
  type ExportColumn,
} from './xlsx';

async function* rowsOf(rows: readonly (readonly CsvCell[])[]): AsyncGenerator<readonly CsvCell[]> {
  for (const row of rows) yield row;
}

async function readWorkbook(response: Response): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

const COLUMNS: ExportColumn[] = [
  { header: 'Name', kind: 'text' },
  { header: 'Mitarbeitende', kind: 'count' },
  { header: 'Betrag', kind: 'money' },
  { header: 'Angelegt am', kind: 'date' },
  { header: 'Zeitpunkt', kind: 'datetime' },
];

describe('xlsxCellValue', () => {
  it('keeps numbers and drops what is not finite', () => {
    expect(xlsxCellValue(42, 'count')).toBe(42);
    expect(xlsxCellValue(1234.5, 'money')).toBe(1234.5);
    expect(xlsxCellValue(Number.NaN, 'count')).toBeNull();
    expect(xlsxCellValue(Number.POSITIVE_INFINITY, 'money')).toBeNull();
  });

  it('leaves missing cells empty', () => {
    expect(xlsxCellValue(null, 'text')).toBeNull();
    expect(xlsxCellValue(undefined, 'date')).toBeNull();
    expect(xlsxCellValue('', 'text')).toBeNull();
  });

  it('neutralises formulas by the CSV rule: = + - @ tab and CR at the start', () => {
    for (const text of ['=1+1', '+49 40 1234', '-2', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(xlsxCellValue(text, 'text')).toBe(`'${text}`);
    }
    expect(xlsxCellValue('Bäckerei = gut', 'text')).toBe('Bäckerei = gut');
  });

  it('cuts text to the 32,767 characters Excel keeps', () => {
    const value = xlsxCellValue('x'.repeat(40_000), 'text');
    expect(typeof value === 'string' && value.length).toBe(XLSX_MAX_CELL_CHARS);
  });

  it('writes dates as the German calendar day, date-times as the German wall clock', () => {
    // 23:30 UTC on 31 December is already 1 January in Germany (CET, +1).
    expect(excelDateOf(new Date('2026-12-31T23:30:00Z'), 'date')?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    // Summer time (CEST, +2).
    expect(excelDateOf(new Date('2026-06-30T12:05:30Z'), 'datetime')?.toISOString()).toBe('2026-06-30T14:05:30.000Z');
    expect(excelDateOf(new Date('invalid'), 'date')).toBeNull();
    expect(xlsxCellValue(new Date('2026-11-21T10:00:00Z'), 'date')).toEqual(new Date('2026-11-21T00:00:00Z'));
  });
});

describe('columnWidth and sheetNameOf', () => {
  it('fits the header and the sampled cells within 8 and 60 characters', () => {
    expect(columnWidth({ header: 'PLZ', kind: 'text' }, [['12345']], 0)).toBe(8);
    expect(columnWidth({ header: 'Name', kind: 'text' }, [['Bäckerei Hansen Filiale Flensburg']], 0)).toBe(35);
    expect(columnWidth({ header: 'Notiz', kind: 'text' }, [['x'.repeat(500)]], 0)).toBe(60);
    expect(columnWidth({ header: 'Am', kind: 'date' }, [], 0)).toBe(12);
  });

  it('makes a name Excel accepts', () => {
    expect(sheetNameOf('Konten')).toBe('Konten');
    expect(sheetNameOf('a/b[c]:*?\\')).toBe('a_b_c_____');
    expect(sheetNameOf('x'.repeat(40))).toHaveLength(31);
  });
});

describe('xlsxResponse', () => {
  it('answers an attachment of the XLSX type whose sheet has typed cells, a frozen bold header and a filter', async () => {
    const response = xlsxResponse({
      fileName: 'konten-2026-11-21.xlsx',
      sheetName: 'Konten',
      columns: COLUMNS,
      rows: rowsOf([
        ['Bäckerei Hansen', 12, 1234.5, new Date('2026-11-21T10:00:00Z'), new Date('2026-11-21T13:05:00Z')],
        ['=HYPERLINK("http://evil")', null, null, null, null],
      ]),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="konten-2026-11-21.xlsx"');

    const sheet = await readWorkbook(response);
    expect(sheet.name).toBe('Konten');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:E3');
    const header = sheet.getRow(1);
    expect(header.values).toEqual([undefined, 'Name', 'Mitarbeitende', 'Betrag', 'Angelegt am', 'Zeitpunkt']);
    expect(header.getCell(1).font?.bold).toBe(true);

    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('Bäckerei Hansen');
    expect(row.getCell(2).value).toBe(12);
    expect(row.getCell(2).numFmt).toBe('#,##0');
    expect(row.getCell(3).value).toBe(1234.5);
    expect(row.getCell(3).numFmt).toBe('#,##0.00 "€"');
    expect(row.getCell(4).value).toEqual(new Date('2026-11-21T00:00:00Z'));
    expect(row.getCell(4).numFmt).toBe('dd.mm.yyyy');
    expect(row.getCell(5).value).toEqual(new Date('2026-11-21T14:05:00Z'));
    expect(row.getCell(5).numFmt).toBe('dd.mm.yyyy hh:mm');

    const hostile = sheet.getRow(3).getCell(1);
    expect(hostile.type).toBe(ExcelJS.ValueType.String);
    expect(hostile.formula).toBeUndefined();
    expect(hostile.value).toBe(`'=HYPERLINK("http://evil")`);
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('=HYPERLINK("http://evil")'.length);
  });

  it('streams many rows in batches, every row in order', async () => {
    const count = XLSX_BATCH_ROWS * 4 + 7;
    async function* many(): AsyncGenerator<CsvCell[]> {
      for (let index = 0; index < count; index += 1) yield [`Konto ${index}`, index, index / 4, null, null];
    }
    const sheet = await readWorkbook(xlsxResponse({ fileName: 'x', sheetName: 'X', columns: COLUMNS, rows: many() }));
    expect(sheet.rowCount).toBe(count + 1);
    expect(sheet.getRow(2).getCell(1).value).toBe('Konto 0');
    expect(sheet.getRow(count + 1).getCell(2).value).toBe(count - 1);
    expect(sheet.autoFilter).toBe(`A1:E${count + 1}`);
  });

  it('writes a header-only sheet for no rows', async () => {
    const sheet = await readWorkbook(
      xlsxResponse({ fileName: 'x', sheetName: 'X', columns: COLUMNS, rows: rowsOf([]) }),
    );
    expect(sheet.rowCount).toBe(1);
  });

  it('stops reading rows when the client goes away', async () => {
    let produced = 0;
    let returned = false;
    async function* endless(): AsyncGenerator<CsvCell[]> {
      try {
        for (;;) {
          produced += 1;
          yield [`Zeile ${produced} ${'x'.repeat(200)}`, produced, null, null, null];
        }
      } finally {
        returned = true;
      }
    }
    const response = xlsxResponse({ fileName: 'x', sheetName: 'X', columns: COLUMNS, rows: endless() });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    const seen = produced;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(returned).toBe(true);
    expect(produced - seen).toBeLessThanOrEqual(XLSX_BATCH_ROWS);
  });

  it('holds back when the client does not read: production waits for the bytes to leave', async () => {
    let produced = 0;
    async function* endless(): AsyncGenerator<CsvCell[]> {
      for (;;) {
        produced += 1;
        // Random text does not compress: each row adds its bytes to the output.
        yield [randomBytes(150).toString('base64'), produced, null, null, null];
      }
    }
    const response = xlsxResponse({ fileName: 'x', sheetName: 'X', columns: COLUMNS, rows: endless() });
    const reader = response.body!.getReader();
    await reader.read();
    const seen: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen.push(produced);
    }
    const stalled = produced;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Bounded: a few batches at most before the buffers are full, then nothing while nobody reads.
    // About 200 bytes a row: the 512 KiB backlog and the 64 KiB buffers hold far fewer than 5,000 rows.
    expect(stalled).toBeLessThan(5_000);
    expect(produced).toBe(stalled);
    await reader.cancel();
  });
});

describe('exportResponse', () => {
  const columns = exportColumns(['Zeitpunkt', 'Name', 'Anzahl'], ['datetime', 'text', 'count']);

  it('refuses headers and kinds that do not match', () => {
    expect(() => exportColumns(['a', 'b'], ['text'])).toThrow();
  });

  it('writes the CSV as before: date-times as TT.MM.JJJJ HH:MM, text formula-safe', async () => {
    const response = exportResponse('csv', {
      fileName: 'historie-2026-11-21',
      sheetName: 'Historie',
      columns,
      rows: rowsOf([[new Date('2026-11-21T13:05:00Z'), '=1+1', 3]]),
      locale: 'de',
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain('historie-2026-11-21.csv');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())).toBe(
      "\uFEFFZeitpunkt;Name;Anzahl\r\n21.11.2026 14:05;'=1+1;3\r\n",
    );
  });

  it('writes the same table as XLSX with the same texts and typed cells', async () => {
    const response = exportResponse('xlsx', {
      fileName: 'historie-2026-11-21',
      sheetName: 'Historie',
      columns,
      rows: rowsOf([[new Date('2026-11-21T13:05:00Z'), '=1+1', 3]]),
      locale: 'de',
    });
    expect(response.headers.get('content-disposition')).toContain('historie-2026-11-21.xlsx');
    const sheet = await readWorkbook(response);
    expect(sheet.getRow(2).values).toEqual([undefined, new Date('2026-11-21T14:05:00Z'), "'=1+1", 3]);
  });
});

describe('excelDateOf across the clock changes', () => {
  it('matches the German wall clock on both sides of the switch to and from summer time', () => {
    // 29 March 2026, 01:59 UTC = 03:59 CEST; 00:59 UTC = 01:59 CET.
    expect(excelDateOf(new Date('2026-03-29T00:59:00Z'), 'datetime')?.toISOString()).toBe('2026-03-29T01:59:00.000Z');
    expect(excelDateOf(new Date('2026-03-29T01:00:00Z'), 'datetime')?.toISOString()).toBe('2026-03-29T03:00:00.000Z');
    // 25 October 2026, 00:30 UTC = 02:30 CEST; 01:30 UTC = 02:30 CET.
    expect(excelDateOf(new Date('2026-10-25T00:30:00Z'), 'datetime')?.toISOString()).toBe('2026-10-25T02:30:00.000Z');
    expect(excelDateOf(new Date('2026-10-25T01:30:00Z'), 'datetime')?.toISOString()).toBe('2026-10-25T02:30:00.000Z');
    expect(excelDateOf(new Date('1969-12-31T23:30:00Z'), 'date')?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });
});
