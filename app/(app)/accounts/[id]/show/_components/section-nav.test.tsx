import { activeSectionId } from './section-nav';

describe('activeSectionId', () => {
  const sections = [
    { id: 'master', top: -400 },
    { id: 'address', top: 8 },
    { id: 'contact', top: 300 },
  ];

  it('takes the last section within the 10 px offset of the top', () => {
    expect(activeSectionId(sections)).toBe('address');
  });

  it('falls back to the first section at the top of the page', () => {
    expect(
      activeSectionId([
        { id: 'master', top: 120 },
        { id: 'address', top: 600 },
      ]),
    ).toBe('master');
  });

  it('has none without sections', () => {
    expect(activeSectionId([])).toBeUndefined();
  });
});
