import { DEFAULT_THEME, isThemePreference, parseThemePreference, THEMES } from './themes';

describe('theme preferences', () => {
  it('are light, dark and system, and follow the system by default', () => {
    expect(THEMES).toEqual(['light', 'dark', 'system']);
    expect(DEFAULT_THEME).toBe('system');
  });

  it('parse what was stored or sent; anything else follows the system', () => {
    for (const theme of THEMES) expect(parseThemePreference(theme)).toBe(theme);
    for (const value of ['Dark', 'DARK', ' dark', 'auto', '', null, undefined, 1, {}]) {
      expect(isThemePreference(value)).toBe(false);
      expect(parseThemePreference(value)).toBe('system');
    }
  });
});
