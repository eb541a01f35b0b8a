/** @jest-environment node */
import { bulkActionSchema, normaliseIds, versionedBulkActionSchema } from './bulk';

const ID = '7c1f3c2e-8f6a-4b7e-9a51-0d3f5e8b2c11';
/** The same id in 12 spellings: its first four letters in capitals or not, as the bits of 0 to 11 say. */
const letters = [...ID].flatMap((char, index) => (/[a-f]/.test(char) ? [index] : [])).slice(0, 4);
const SPELLINGS = Array.from({ length: 12 }, (_, n) =>
  [...ID]
    .map((char, index) =>
      letters.indexOf(index) >= 0 && n & (1 << letters.indexOf(index)) ? char.toUpperCase() : char,
    )
    .join(''),
);

/** Ids are normalised before anything counts them (issue 45): one row, however its id is spelt. */
describe('bulk ids', () => {
  it('has 12 distinct spellings of one id', () => {
    expect(new Set(SPELLINGS).size).toBe(12);
  });

  it('lower-cases and removes duplicates after that', () => {
    expect(normaliseIds([...SPELLINGS, ID])).toEqual([ID]);
    expect(normaliseIds(['B', 'a', 'b', 'A'])).toEqual(['b', 'a']);
  });

  it('is done by every bulk body', () => {
    const body = bulkActionSchema('deactivate', {}).parse({ action: 'deactivate', ids: SPELLINGS });
    expect(body.ids).toEqual([ID]);
    const versioned = versionedBulkActionSchema('delete', {}).parse({
      action: 'delete',
      ids: [ID.toUpperCase()],
      versions: { [ID.toUpperCase()]: 3 },
    });
    expect(versioned).toMatchObject({ ids: [ID], versions: { [ID]: 3 } });
  });
});
