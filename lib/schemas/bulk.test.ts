/** @jest-environment node */
import { bulkActionSchema, normaliseIds, versionedBulkActionSchema } from './bulk';

const ID = '7c1f3c2e-8f6a-4b7e-9a51-0d3f5e8b2c11';
/** The same id in 12 spellings: all in capitals, and each of 11 letters alone in capitals. */
const letters = [...ID].flatMap((char, index) => (/[a-f]/.test(char) ? [index] : []));
const SPELLINGS = [
  ID.toUpperCase(),
  ...letters.slice(0, 11).map((at) => `${ID.slice(0, at)}${ID[at]!.toUpperCase()}${ID.slice(at + 1)}`),
];

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
