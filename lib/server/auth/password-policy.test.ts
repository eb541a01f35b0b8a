/**
 * @jest-environment node
 */
import { PASSWORD_MESSAGES, assertPasswordPolicy, checkPassword } from './password-policy';

const EMAIL = 'claudia.schmitz@example.com';
const GOOD = 'Fahrrad-Kompass-Ahorn-17';

describe('checkPassword', () => {
  it('accepts a long, unusual password', () => {
    expect(checkPassword(GOOD, EMAIL)).toEqual([]);
  });

  it('needs 12 to 128 characters', () => {
    expect(checkPassword('Kompass-17x', EMAIL)).toContain(PASSWORD_MESSAGES.tooShort);
    expect(checkPassword('Kompass-17xy', EMAIL)).toEqual([]);
    expect(checkPassword('K'.repeat(60) + '-' + 'a'.repeat(67), EMAIL)).toEqual([]);
    expect(checkPassword('K'.repeat(60) + '-' + 'a'.repeat(68), EMAIL)).toContain(PASSWORD_MESSAGES.tooLong);
    expect(checkPassword('', EMAIL)).toContain(PASSWORD_MESSAGES.tooShort);
  });

  it('refuses passwords from the common list, in any case', () => {
    for (const password of ['123456789012', 'ichliebedich', 'IchLiebeDich', 'passwortpasswort', 'baseball1234']) {
      expect(checkPassword(password, EMAIL)).toContain(PASSWORD_MESSAGES.common);
    }
  });

  it('sees through digits and punctuation appended to a common word', () => {
    for (const password of ['Passwort123456!', 'Fussball2026!!', 'hallo12345678', 'Sonnenschein-1', 'Monkey123456?']) {
      expect(checkPassword(password, EMAIL)).toEqual([PASSWORD_MESSAGES.common]);
    }
  });

  it('writes umlauts out before comparing', () => {
    // The list has "baerchen" and "strasse", not their spellings with umlaut and ß.
    expect(checkPassword('Bärchen12345!', EMAIL)).toContain(PASSWORD_MESSAGES.common);
    expect(checkPassword('Straße-123456', EMAIL)).toContain(PASSWORD_MESSAGES.common);
  });

  it('refuses the e-mail’s local part anywhere in the password, in any case', () => {
    expect(checkPassword('Mein-Claudia.Schmitz-Zugang', EMAIL)).toEqual([PASSWORD_MESSAGES.containsEmail]);
    expect(checkPassword('xCLAUDIA.SCHMITZx99', EMAIL)).toContain(PASSWORD_MESSAGES.containsEmail);
  });

  it('ignores a local part shorter than 3 characters', () => {
    expect(checkPassword('ab-Fahrrad-Kompass-17', 'ab@example.com')).toEqual([]);
    expect(checkPassword('abc-Fahrrad-Kompass-17', 'abc@example.com')).toEqual([PASSWORD_MESSAGES.containsEmail]);
  });

  it('reports every problem at once', () => {
    expect(checkPassword('jana', 'jana@example.com')).toEqual([
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.containsEmail,
    ]);
  });
});

describe('assertPasswordPolicy', () => {
  it('passes a good password', () => {
    expect(() => assertPasswordPolicy(GOOD, EMAIL, 'password')).not.toThrow();
  });

  it('throws a 422 with details on the given field', () => {
    expect.assertions(2);
    try {
      assertPasswordPolicy('Passwort123456!', EMAIL, 'newPassword');
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 422, code: 'validation_failed' });
      expect((error as { details: unknown }).details).toEqual([
        { path: 'newPassword', message: PASSWORD_MESSAGES.common, code: 'passwordCommon' },
      ]);
    }
  });
});
