/** @jest-environment node */
import { catalogues } from './catalogue';

const { de, en } = catalogues;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('message catalogues', () => {
  it('have the same keys in German and English', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it('use the seed texts verbatim', () => {
    expect(en.errors.notFound).toBe('This page could not be found');
    expect(en.errors.backHome).toBe('Back to the home page');
    expect(en.errors.goHome).toBe('Go back to home');
    expect(en.table).toEqual({
      empty: 'There are no records to show',
      emptyFiltered: 'There are no records matching your request',
      sortAsc: 'Click to sort ascending',
      sortDesc: 'Click to sort descending',
      sortClear: 'Click to clear sorting',
    });
    expect(de.errors.notFound).toBe('Diese Seite konnte nicht gefunden werden');
    expect(de.table.empty).toBe('Keine Einträge vorhanden');
    expect(de.table.emptyFiltered).toBe('Keine Einträge entsprechen Ihrer Suche');
  });

  it('have no empty texts', () => {
    for (const catalogue of [de, en]) {
      for (const key of keys(catalogue)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
      }
    }
  });
});
