/** @jest-environment node */
import { openTable } from '@/lib/server/import/read-table';
import { xlsxOf } from '@/lib/server/import/test-files';
import { parseWhitelistTable } from './parse-whitelist-table';

describe('parseWhitelistTable (XLSX through the import kit)', () => {
  it('reads the sheet with the CSV rules, on its row numbers; a formula is an error on its row', async () => {
    const bytes = await xlsxOf([
      ['Value', 'validUntil', 'note'],
      ['Anna@Example.com', new Date(Date.UTC(2030, 11, 31)), 'Zentrale'],
      [],
      ['kaputt@', null, ''],
      [{ formula: 'CONCAT("a","@b.de")', result: 'a@b.de' }, null, ''],
      ['example.org'],
    ]);
    const parsed = await parseWhitelistTable((await openTable(bytes)).rows);
    expect(parsed.rows).toEqual([
      { line: 2, kind: 'email', value: 'anna@example.com', note: 'Zentrale', validUntil: '2030-12-31' },
      { line: 6, kind: 'domain', value: 'example.org', note: '', validUntil: null },
    ]);
    expect(parsed.errors).toEqual([
      { line: 4, code: 'invalid_email', value: 'kaputt@' },
      { line: 5, code: 'formula', value: '' },
    ]);
    expect(parsed.total).toBe(4);
  });

  it('refuses an unknown header', async () => {
    const parsed = await parseWhitelistTable((await openTable(await xlsxOf([['Adresse'], ['a@b.de']]))).rows);
    expect(parsed.errors).toEqual([{ line: 1, code: 'header_invalid', value: 'Adresse' }]);
  });
});
