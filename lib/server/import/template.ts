import 'server-only';
import ExcelJS from 'exceljs';
import { IMPORT_XLSX_TYPE } from '@/lib/schemas/import';
import { UTF8_BOM, csvLines } from '@/lib/server/http/csv';
import type { ColumnSpec } from './header-map';

/**
 * An importer's template (issue 49): the German headers (each column's first name) and one example
 * row, as CSV for German Excel (UTF-8 with BOM, `;`) or as XLSX (header bold and frozen). Read back by
 * the importer, the template's example row is valid.
 */
export function importTemplate<K extends string>(
  format: 'csv' | 'xlsx',
  fileStem: string,
  specs: readonly ColumnSpec<K>[],
  example: Partial<Record<K, string | number>>,
): Promise<Response> {
  const header = specs.map((spec) => spec.names[0] ?? spec.key);
  const row = specs.map((spec) => example[spec.key] ?? '');
  return format === 'csv' ? Promise.resolve(csvTemplate(fileStem, header, row)) : xlsxTemplate(fileStem, header, row);
}

function csvTemplate(fileStem: string, header: string[], row: (string | number)[]): Response {
  return new Response(UTF8_BOM + csvLines([header, row]), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileStem}.csv"`,
      'cache-control': 'no-store',
    },
  });
}

async function xlsxTemplate(fileStem: string, header: string[], row: (string | number)[]): Promise<Response> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(header).font = { bold: true };
  sheet.addRow(row);
  sheet.columns.forEach((column) => {
    column.width = 20;
  });
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return new Response(bytes, {
    headers: {
      'content-type': IMPORT_XLSX_TYPE,
      'content-disposition': `attachment; filename="${fileStem}.xlsx"`,
      'content-length': String(bytes.length),
      'cache-control': 'no-store',
    },
  });
}
