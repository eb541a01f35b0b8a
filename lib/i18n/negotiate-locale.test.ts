/** @jest-environment node */
import { negotiateLocale } from './negotiate-locale';

describe('negotiateLocale', () => {
  it('prefers the explicit choice, then the profile, then the browser', () => {
    expect(negotiateLocale({ cookie: 'en', userLocale: 'de', acceptLanguage: 'de' })).toBe('en');
    expect(negotiateLocale({ userLocale: 'en', acceptLanguage: 'de-DE' })).toBe('en');
    expect(negotiateLocale({ acceptLanguage: 'fr-FR,en-US;q=0.8,de;q=0.5' })).toBe('en');
  });

  it('defaults to German', () => {
    expect(negotiateLocale({})).toBe('de');
    expect(negotiateLocale({ cookie: 'fr', acceptLanguage: 'fr,es;q=0.9' })).toBe('de');
    expect(negotiateLocale({ acceptLanguage: 'en;q=0' })).toBe('de');
  });
});
