/** @jest-environment node */
import { compactRows, type CompactCell } from './compact-rows';
import type { CellValue } from './table-cell-value';

const active = { variant: 'success', status: 'active', text: 'Aktiv' };
const draft = { variant: 'secondary', status: 'draft', text: 'Entwurf' };

function expand(cells: CompactCell[], shared: CellValue[]): CellValue[] {
  return cells.map((cell) => (typeof cell === 'number' ? shared[cell]! : cell));
}

describe('compactRows', () => {
  const input: [string, CellValue[], string?][] = [
    ['a', [{ href: '/accounts/a/', text: 'Alpha' }, 'Bonn', active, 'AG', null], 'table-danger'],
    ['b', [{ href: '/accounts/b/', text: 'Beta' }, 'Bonn', active, 'AG', null]],
    ['c', [{ href: '/accounts/c/', text: 'Gamma' }, 'Köln', draft, 'AG', 'Ohne Vertrieb']],
  ];

  it('sends a value that several rows show once, and each row gets its cells back', () => {
    const { rows, shared } = compactRows(input);
    expect(shared).toEqual(['Bonn', active]);
    expect(rows[0]).toEqual(['a', [{ href: '/accounts/a/', text: 'Alpha' }, 0, 1, 'AG', null], 'table-danger']);
    expect(rows[1]).toEqual(['b', [{ href: '/accounts/b/', text: 'Beta' }, 0, 1, 'AG', null]]);
    rows.forEach(([key, cells, className], index) => {
      expect([key, expand(cells, shared), className]).toEqual([input[index]![0], input[index]![1], input[index]![2]]);
    });
  });

  it('is smaller than the rows it stands for', () => {
    const many = Array.from({ length: 20 }, (_, index): [string, CellValue[]] => [
      `id-${index}`,
      [{ href: `/accounts/${index}/`, text: `Konto ${index}` }, 'Garmisch-Partenkirchen', active, '28.08.2026'],
    ]);
    expect(JSON.stringify(compactRows(many)).length).toBeLessThan(JSON.stringify(many).length * 0.7);
  });

  it('leaves short texts and empty cells in place', () => {
    const { rows, shared } = compactRows([
      ['a', ['AG', null]],
      ['b', ['AG', null]],
    ]);
    expect(shared).toEqual([]);
    expect(rows).toEqual([
      ['a', ['AG', null]],
      ['b', ['AG', null]],
    ]);
  });
});
