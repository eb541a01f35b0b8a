/** @jest-environment node */
import { compactRows, type CompactCell } from './compact-rows';
import type { CellValue } from './table-cell-value';

const active = { variant: 'success', status: 'active', text: 'Aktiv' };
const draft = { variant: 'secondary', status: 'draft', text: 'Entwurf' };

/** A row's cells as DataTableRows puts them back together. */
function expand(
  key: string,
  cells: CompactCell[],
  shared: CellValue[],
  linkBases: (string | undefined)[],
): CellValue[] {
  return cells.map((cell, column) => {
    const value = typeof cell === 'number' ? shared[cell]! : cell;
    const base = linkBases[column];
    return base !== undefined && typeof value === 'string' ? { href: `${base}${key}/`, text: value } : value;
  });
}

describe('compactRows', () => {
  const input: [string, CellValue[], string?][] = [
    ['a', [{ href: '/accounts/a/', text: 'Alpha' }, 'Bonn', active, 'AG', null], 'table-danger'],
    ['b', [{ href: '/accounts/b/', text: 'Beta' }, 'Bonn', active, 'AG', null]],
    ['c', [{ href: '/accounts/c/', text: 'Gamma' }, 'Köln', draft, 'AG', 'Ohne Vertrieb']],
  ];

  it("sends a value that several rows show once, a link to the row's own record as its text, and each row gets its cells back", () => {
    const { rows, shared, linkBases } = compactRows(input);
    expect(shared).toEqual(['Bonn', active]);
    expect(linkBases).toEqual(['/accounts/', undefined, undefined, undefined, undefined]);
    expect(rows[0]).toEqual(['a', ['Alpha', 0, 1, 'AG', null], 'table-danger']);
    expect(rows[1]).toEqual(['b', ['Beta', 0, 1, 'AG', null]]);
    rows.forEach(([key, cells, className], index) => {
      expect([key, expand(key, cells, shared, linkBases), className]).toEqual([
        input[index]![0],
        input[index]![1],
        input[index]![2],
      ]);
    });
  });

  it("keeps links whole where one row's link leads elsewhere or the addresses differ", () => {
    const mixed: [string, CellValue[]][] = [
      [
        'a',
        [
          { href: '/accounts/a/', text: 'Alpha' },
          { href: '/accounts/x/', text: 'Holding' },
        ],
      ],
      [
        'b',
        [
          { href: '/konten/b/', text: 'Beta' },
          { href: '/accounts/y/', text: 'Holding 2' },
        ],
      ],
    ];
    const { rows, linkBases } = compactRows(mixed);
    expect(linkBases).toEqual([undefined, undefined]);
    expect(rows).toEqual(mixed);
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
