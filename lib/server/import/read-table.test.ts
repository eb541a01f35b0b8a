/** @jest-environment node */
import { ApiError } from '@/lib/server/http/api-error';
import { mapHeader } from './header-map';
import { openTable, readUpload, type TableRow } from './read-table';
import { xlsxBomb, xlsxOf, xlsxWide, zipOf } from './test-files';

async function rowsOf(bytes: Buffer): Promise<{ format: string; rows: TableRow[] }> {
  const table = await openTable(bytes);
  const rows: TableRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return { format: table.format, rows };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, code: error.details?.[0]?.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('openTable: CSV', () => {
  it('reads UTF-8 with BOM, `;`, quotes and CRLF with real line numbers', async () => {
    const text = '\uFEFFName;Ort\r\n"Bäckerei ""Hansen""";Flensburg\r\n"zwei\r\nZeilen";Kiel\r\n\r\nLetzte;Husum';
    const { format, rows } = await rowsOf(Buffer.from(text));
    expect(format).toBe('csv');
    expect(rows.map((row) => [row.line, row.cells])).toEqual([
      [1, ['Name', 'Ort']],
      [2, ['Bäckerei "Hansen"', 'Flensburg']],
      [3, ['zwei\r\nZeilen', 'Kiel']],
      [5, ['']],
      [6, ['Letzte', 'Husum']],
    ]);
  });

  it('takes `,` when the header line has more of them', async () => {
    const { rows } = await rowsOf(Buffer.from('name,city\nA; B,Kiel\n'));
    expect(rows[1]!.cells).toEqual(['A; B', 'Kiel']);
  });

  it('reads a file without any UTF-8 character as Windows-1252 (German Excel)', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Name;Ort\n'),
      Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x3b, 0x80, 0x0a]),
    ]);
    const { rows } = await rowsOf(bytes);
    expect(rows[1]).toEqual({ line: 2, cells: ['Müller', '€'], problem: null });
  });

  it('keeps UTF-8 when the file has UTF-8 characters: a line with other bytes is an encoding error on its number', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Name;Ort\nMüller;Kiel\nM'),
      Buffer.from([0xfc]),
      Buffer.from('ller;Kiel\nOk;Ort\n'),
    ]);
    const { rows } = await rowsOf(bytes);
    expect(rows.map((row) => [row.line, row.problem])).toEqual([
      [1, null],
      [2, null],
      [3, 'encoding'],
      [4, null],
    ]);
  });

  it('refuses a 0-byte file and a header beyond the column limit', async () => {
    expect(await refusal(openTable(Buffer.alloc(0)))).toEqual({ status: 422, code: 'empty_file' });
    const wide = Buffer.from(Array.from({ length: 10_000 }, (_, index) => `c${index}`).join(';') + '\n');
    expect(await refusal(rowsOf(wide))).toEqual({ status: 422, code: 'too_many_columns' });
  });
});

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET_TYPE = `${DOC_RELS}/worksheet`;

describe('openTable: XLSX', () => {
  it('reads the first sheet by row number; numbers, dates and text starting with = as text', async () => {
    const bytes = await xlsxOf(
      [
        ['Name', 'Mitarbeitende', 'Gültig bis'],
        ['=Kein Formelfeld', 12, new Date(Date.UTC(2027, 0, 31))],
        [],
        ['Dritte', 1.5, 'x'],
      ],
      true,
    );
    const { format, rows } = await rowsOf(bytes);
    expect(format).toBe('xlsx');
    expect(rows.map((row) => [row.line, row.cells, row.problem])).toEqual([
      [1, ['Name', 'Mitarbeitende', 'Gültig bis'], null],
      [2, ['=Kein Formelfeld', '12', '2027-01-31'], null],
      [4, ['Dritte', '1.5', 'x'], null],
    ]);
  });

  it('never takes a formula: the row is an error naming the column, its cached result unused', async () => {
    const bytes = await xlsxOf([
      ['Name', 'Mitarbeitende'],
      ['A', { formula: 'SUM(1,2)', result: 3 }],
      ['B', 4],
    ]);
    const { rows } = await rowsOf(bytes);
    expect(rows[1]).toEqual({ line: 2, cells: ['A', ''], problem: 'formula', problemColumn: 1 });
    expect(rows[2]!.problem).toBeNull();
  });

  it('refuses 10,000 columns', async () => {
    expect(await refusal(rowsOf(await xlsxWide(10_000)))).toEqual({ status: 422, code: 'too_many_columns' });
  });

  it('refuses a zip bomb that declares its size (1 MB → 1 GiB) before unpacking anything', async () => {
    const bomb = xlsxBomb(1024, true);
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    const started = performance.now();
    expect(await refusal(openTable(bomb))).toEqual({ status: 422, code: 'xlsx_too_large_unpacked' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a zip bomb that understates its size while unpacking', async () => {
    expect(await refusal(openTable(xlsxBomb(200, false)))).toEqual({ status: 422, code: 'xlsx_too_large_unpacked' });
  });

  it('reads the first tab, not the first sheet part: the workbook part comes last, targets may be absolute', async () => {
    const sheet = (text: string) =>
      Buffer.from(
        `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>${text}</t></is></c><c r="B2"><v>7</v></c></row></sheetData></worksheet>`,
      );
    const bytes = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: sheet('zweiter Tab') },
      { name: 'xl/worksheets/sheet2.xml', data: sheet('erster Tab') },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: Buffer.from(
          `<?xml version="1.0"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${SHEET_TYPE}" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${SHEET_TYPE}" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
        ),
      },
      {
        name: 'xl/workbook.xml',
        data: Buffer.from(
          `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Erster" sheetId="2" r:id="rId2"/><sheet name="Zweiter" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
      },
    ]);
    const { rows } = await rowsOf(bytes);
    expect(rows.map((row) => [row.line, row.cells])).toEqual([[2, ['erster Tab', '7']]]);
  });

  it('reads the same file the same way every time (exceljs walking the zip itself lost parts about 3 times in 1,000)', async () => {
    const bytes = await xlsxOf([['Name', 'Rechtsform', 'Mitarbeitende'], ['Excel', 'GmbH', 5], [], ['Zwei', 'AG', 1]]);
    const seen = new Map<string, number>();
    for (let read = 0; read < 1_000; read++) {
      const outcome = await rowsOf(bytes).then(
        ({ rows }) => JSON.stringify(rows.map((row) => [row.line, row.cells])),
        (error: unknown) => String(error),
      );
      seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
    }
    expect([...seen]).toEqual([
      [
        JSON.stringify([
          [1, ['Name', 'Rechtsform', 'Mitarbeitende']],
          [2, ['Excel', 'GmbH', '5']],
          [4, ['Zwei', 'AG', '1']],
        ]),
        1_000,
      ],
    ]);
  }, 60_000);

  it('refuses a zip that is no XLSX, and one with bytes hidden between its entries', async () => {
    expect(await refusal(openTable(zipOf([{ name: 'a.txt', data: Buffer.from('x') }])))).toEqual({
      status: 422,
      code: 'xlsx_invalid',
    });
    const good = await xlsxOf([['Name'], ['A']]);
    const hidden = Buffer.concat([good.subarray(0, 4), good]);
    expect((await refusal(openTable(hidden))).code).toBe('xlsx_invalid');
  });
});

describe('readUpload and mapHeader', () => {
  it('refuses a body beyond the limit with 413 and reads one within', async () => {
    const request = (size: number) => new Request('http://x/', { method: 'POST', body: Buffer.alloc(size, 0x41) });
    expect((await readUpload(request(10), 10)).length).toBe(10);
    expect(await refusal(readUpload(request(11), 10))).toEqual({ status: 413, code: 'too_large' });
  });

  it('maps German and English headers in any order and case', () => {
    const specs = [
      { key: 'name', names: ['Name'], required: true },
      { key: 'vatId', names: ['USt-IdNr.'] },
    ] as const;
    expect(mapHeader(['ust idnr', 'NAME'], specs)).toEqual({
      ok: true,
      index: new Map([
        ['vatId', 0],
        ['name', 1],
      ]),
    });
    expect(mapHeader(['vatid'], specs)).toEqual({ ok: false, code: 'header_missing', column: 'Name' });
    expect(mapHeader(['Name', 'Farbe'], specs)).toEqual({ ok: false, code: 'header_unknown', column: 'Farbe' });
  });
});
