import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { APIResponse } from '@playwright/test';
import { expect, test } from '../fixtures/api';
import { createAccount, expectJson, openSession, type ApiSession } from '../fixtures/accounts';
import { DOCUMENTS, pdfBytes, upload, type DocumentRecord } from '../fixtures/documents';
import { createTask } from '../fixtures/tasks';

/**
 * The XLSX exports beside the CSVs (issue 49): each `/export/{resource}.xlsx` answers the same rows
 * as its `.csv` with the same filters and reach, as a workbook with typed cells (numbers, German
 * dates), a frozen bold header with an auto filter, and text formula-safe by the CSV's rule.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FOREIGN = 'Rheinland Pflegedienste GmbH'; // another distributor's, outside manager@'s tree

/** RFC 4180 with `;`: quoted fields may hold `;`, `""` and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const two = (value: number) => String(value).padStart(2, '0');

/** An XLSX cell as the CSV writes it: numbers as they are, dates TT.MM.JJJJ (with HH:MM when they have a time). */
function asCsvText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = `${two(value.getUTCDate())}.${two(value.getUTCMonth() + 1)}.${value.getUTCFullYear()}`;
    return cell.numFmt?.includes('hh') ? `${day} ${two(value.getUTCHours())}:${two(value.getUTCMinutes())}` : day;
  }
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  throw new Error(`unexpected cell value ${JSON.stringify(value)}`);
}

async function readXlsx(response: APIResponse): Promise<ExcelJS.Worksheet> {
  expect(response.status(), (await response.text()).slice(0, 300)).toBe(200);
  expect(response.headers()['content-type']).toBe(XLSX_TYPE);
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="[a-z]+-\d{4}-\d{2}-\d{2}\.xlsx"$/);
  const workbook = new ExcelJS.Workbook();
  const body = await response.body();
  await workbook.xlsx.load(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const width = sheet.getRow(1).cellCount;
  const rows: string[][] = [];
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    rows.push(Array.from({ length: width }, (_, index) => asCsvText(row.getCell(index + 1))));
  }
  return rows;
}

/**
 * The CSV, the XLSX and the CSV again with the same query; other tests write meanwhile, so a read
 * between two equal CSVs is retried until the data held still.
 */
async function bothFormats(session: ApiSession, resource: string, query: string) {
  for (let attempt = 1; ; attempt += 1) {
    const before = await session.get(`/api/v1/export/${resource}.csv${query}`);
    expect(before.status()).toBe(200);
    const sheet = await readXlsx(await session.get(`/api/v1/export/${resource}.xlsx${query}`));
    const after = await session.get(`/api/v1/export/${resource}.csv${query}`);
    const csv = await before.text();
    if (csv === (await after.text()) || attempt === 5) return { csv: parseCsv(csv), sheet };
  }
}

function expectSheetLayout(sheet: ExcelJS.Worksheet) {
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  const header = sheet.getRow(1);
  header.eachCell((cell) => expect(cell.font?.bold).toBe(true));
  const width = header.cellCount;
  expect(sheet.autoFilter).toBe(`A1:${String.fromCharCode(64 + width)}${sheet.rowCount}`);
  for (let index = 1; index <= width; index += 1) {
    // exceljs leaves out a column of Excel's default width (9), which reads back as undefined.
    expect(sheet.getColumn(index).width ?? 9).toBeGreaterThanOrEqual(8);
  }
}

function columnOf(sheet: ExcelJS.Worksheet, header: string): number {
  const values = sheet.getRow(1).values as unknown[];
  const index = values.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThan(0);
  return index;
}

test.describe('XLSX exports', () => {
  test('each .xlsx path answers the rows of its CSV as typed cells, with a frozen header and formulas neutralised', async ({
    api,
  }) => {
    test.setTimeout(120_000);
    const admin = await openSession(api, 'admin');
    const marker = randomUUID().slice(0, 8);

    const account = await createAccount(admin, 'unused', {
      name: `=HYPERLINK("http://evil.example";"Klick") ${marker}`,
      employeeCount: 1234,
    });
    const document = await expectJson<DocumentRecord>(
      await upload(
        admin,
        DOCUMENTS,
        { title: `+SUMME(1;2) ${marker}`, category: 'contract', accountId: account.id, description: '' },
        { name: `vertrag-${marker}.pdf`, type: 'application/pdf', content: pdfBytes(marker) },
      ),
      201,
    );
    await createTask(admin, { title: `@Aufgabe ${marker}`, assigneeId: admin.userId, dueDate: '2026-12-24' });
    await expectJson(
      await admin.post('/api/v1/whitelist/', {
        accountId: account.id,
        value: `xlsx-${marker}@example.com`,
        note: `-1 Notiz ${marker}`,
        validUntil: '2031-01-31',
      }),
      201,
    );

    const cases: { resource: string; query: string; hostile?: { header: string; text: string } }[] = [
      {
        resource: 'accounts',
        query: `?q=${marker}`,
        hostile: { header: 'Name', text: `'=HYPERLINK("http://evil.example";"Klick") ${marker}` },
      },
      { resource: 'documents', query: `?q=${marker}`, hostile: { header: 'Titel', text: `'+SUMME(1;2) ${marker}` } },
      { resource: 'tasks', query: `?view=all&q=${marker}`, hostile: { header: 'Titel', text: `'@Aufgabe ${marker}` } },
      { resource: 'whitelist', query: `?q=xlsx-${marker}`, hostile: { header: 'Notiz', text: `'-1 Notiz ${marker}` } },
      { resource: 'changes', query: `?entityId=${document.id}` },
      { resource: 'users', query: '?q=example.com' },
      { resource: 'approvals', query: '?status=all' },
    ];
    for (const { resource, query, hostile } of cases) {
      await test.step(resource, async () => {
        const { csv, sheet } = await bothFormats(admin, resource, query);
        expect(sheetRows(sheet), `${resource}: the XLSX has the CSV's rows`).toEqual(csv);
        expect(sheet.rowCount, resource).toBeGreaterThan(1);
        expectSheetLayout(sheet);
        if (hostile) {
          const cell = sheet.getRow(2).getCell(columnOf(sheet, hostile.header));
          expect(cell.type).toBe(ExcelJS.ValueType.String);
          expect(cell.formula).toBeUndefined();
          expect(cell.value).toBe(hostile.text);
        }
      });
    }

    await test.step('typed cells: counts as numbers, dates as dates with a German format', async () => {
      const { sheet } = await bothFormats(admin, 'accounts', `?q=${marker}`);
      const row = sheet.getRow(2);
      const count = row.getCell(columnOf(sheet, 'Mitarbeitende'));
      expect(count.type).toBe(ExcelJS.ValueType.Number);
      expect(count.value).toBe(1234);
      const created = row.getCell(columnOf(sheet, 'Angelegt am'));
      expect(created.type).toBe(ExcelJS.ValueType.Date);
      expect(created.numFmt).toBe('dd.mm.yyyy');

      const tasks = (await bothFormats(admin, 'tasks', `?view=all&q=${marker}`)).sheet;
      const due = tasks.getRow(2).getCell(columnOf(tasks, 'Fällig am'));
      expect(due.value).toEqual(new Date('2026-12-24T00:00:00Z'));

      const documents = (await bothFormats(admin, 'documents', `?q=${marker}`)).sheet;
      const size = documents.getRow(2).getCell(columnOf(documents, 'Größe (Bytes)'));
      expect(size.type).toBe(ExcelJS.ValueType.Number);
      expect(size.value).toBe(pdfBytes(marker).length);

      const history = (await bothFormats(admin, 'changes', `?entityId=${document.id}`)).sheet;
      const at = history.getRow(2).getCell(1);
      expect(at.type).toBe(ExcelJS.ValueType.Date);
      expect(at.numFmt).toBe('dd.mm.yyyy hh:mm');
    });
  });

  test('reach and scope as the CSV: a manager gets only their tree; no token is a 401', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const manager = await openSession(api, 'manager');
    const names = async (session: ApiSession) => {
      const sheet = await readXlsx(await session.get(`/api/v1/export/accounts.xlsx?q=${encodeURIComponent(FOREIGN)}`));
      return sheetRows(sheet)
        .slice(1)
        .map((row) => row[1]);
    };
    expect(await names(admin)).toContain(FOREIGN);
    expect(await names(manager)).not.toContain(FOREIGN);

    const { csv, sheet } = await bothFormats(manager, 'accounts', '');
    expect(sheetRows(sheet)).toEqual(csv);

    for (const resource of ['accounts', 'users', 'documents', 'approvals', 'changes', 'whitelist', 'tasks']) {
      const anonymous = await api.get(`/api/v1/export/${resource}.xlsx`);
      expect(anonymous.status(), resource).toBe(401);
    }
    // The same query checks as the CSV: an unknown filter value is refused before any byte of a workbook.
    const invalid = await admin.get('/api/v1/export/accounts.xlsx?status=nonsense');
    expect(invalid.status()).toBe(422);
  });

  test('English headers with Accept-Language: en, as the CSV', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const sheet = await readXlsx(
      await admin.get('/api/v1/export/users.xlsx?q=admin%40example.com', { 'accept-language': 'en' }),
    );
    expect(sheet.name).toBe('Users');
    const english = await admin.get('/api/v1/export/users.csv?q=admin%40example.com', { 'accept-language': 'en' });
    expect(sheetRows(sheet)[0]).toEqual(parseCsv(await english.text())[0]);
  });
});
