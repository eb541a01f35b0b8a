import { foldGerman, searchTerms } from './fold';

describe('foldGerman', () => {
  it.each([
    ['Müller', 'mueller'],
    ['MUELLER', 'mueller'],
    ['Straße', 'strasse'],
    ['STRASSE', 'strasse'],
    ['Größe', 'groesse'],
    ['Ärzte Österreich Übersee', 'aerzte oesterreich uebersee'],
    ['Café Crème', 'cafe creme'],
    ['Łódź', 'lodz'],
    ['K-000123', 'k-000123'],
  ])('%s → %s', (input, expected) => {
    expect(foldGerman(input)).toBe(expected);
  });

  it('folds decomposed umlauts (NFD) like composed ones', () => {
    expect(foldGerman('Mu\u0308ller')).toBe('mueller');
  });

  it('makes "Mueller" and "Müller" the same, both ways', () => {
    expect(foldGerman('Mueller')).toBe(foldGerman('Müller'));
    expect(foldGerman('Strasse')).toBe(foldGerman('Straße'));
  });
});

describe('searchTerms', () => {
  it('splits the folded search into at most five words', () => {
    expect(searchTerms('  Müller   Bremerhaven ')).toEqual({
      phrase: 'mueller bremerhaven',
      words: ['mueller', 'bremerhaven'],
    });
    expect(searchTerms('a b c d e f g').words).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
