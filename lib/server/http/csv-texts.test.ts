/** @jest-environment node */
import { csvHeader, csvLocaleOf, csvTexts, labelOf } from './csv-texts';

describe('CSV texts', () => {
  it('follow Accept-Language between German and English, German by default', () => {
    expect(csvLocaleOf(null)).toBe('de');
    expect(csvLocaleOf('')).toBe('de');
    expect(csvLocaleOf('en')).toBe('en');
    expect(csvLocaleOf('en-GB,en;q=0.9')).toBe('en');
    expect(csvLocaleOf('fr-FR,en;q=0.5,de;q=0.8')).toBe('de');
    expect(csvLocaleOf('fr, en;q=0')).toBe('de');
    expect(csvLocaleOf('de;q=abc, en;q=0.1')).toBe('en');
    // Without a preference between the two, the caller's profile language.
    expect(csvLocaleOf(null, 'en')).toBe('en');
    expect(csvLocaleOf('fr', 'en')).toBe('en');
    expect(csvLocaleOf('de', 'en')).toBe('de');
  });

  it('name every column and label in both languages, the English ones without German', () => {
    const de = csvTexts('de');
    const en = csvTexts('en');
    for (const resource of Object.keys(de.headers) as (keyof typeof de.headers)[]) {
      expect(Object.keys(en.headers[resource]).sort()).toEqual(Object.keys(de.headers[resource]).sort());
    }
    expect(csvHeader(de, 'users', ['lastName', 'role', 'lastLoginAt'])).toEqual([
      'Nachname',
      'Rolle',
      'Letzte Anmeldung',
    ]);
    expect(csvHeader(en, 'users', ['lastName', 'role', 'lastLoginAt'])).toEqual(['Last name', 'Role', 'Last sign-in']);
    const english = [
      ...Object.values(en.headers).flatMap((headers) => Object.values(headers)),
      ...Object.values(en.roles),
      ...Object.values(en.accountStatus),
      ...Object.values(en.userStatus),
      ...Object.values(en.approvalKind),
      ...Object.values(en.approvalStatus),
      ...Object.values(en.entityType),
      ...Object.values(en.action),
    ];
    for (const text of english) expect(text).not.toMatch(/[äöüß]|\b(Konto|Benutzer|Rolle|Aktiv|Gesperrt|Angelegt)\b/);
  });

  it('fall back to the code for a label the catalogue lacks', () => {
    expect(labelOf(csvTexts('en').roles, 'manager')).toBe('Manager');
    expect(labelOf(csvTexts('de').accountStatus, 'draft')).toBe('Entwurf');
    expect(labelOf(csvTexts('de').accountStatus, 'toString')).toBe('toString');
  });
});
