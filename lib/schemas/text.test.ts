import { multiLineText, secretText, singleLineText, TEXT_MESSAGES } from './text';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('singleLineText', () => {
  const schema = singleLineText().min(1).max(20);

  it('normalises to NFC and trims', () => {
    expect(schema.parse('  Cafe\u0301 ')).toBe('Café');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a line feed', 'a\nb'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses %s', (_name, value) => {
    expect(messageOf(schema.safeParse(value))).toBe(TEXT_MESSAGES.control);
  });

  it.each([
    ['a right-to-left override', '\u202egnp.exe'],
    ['a left-to-right embedding', 'a\u202ab'],
    ['an isolate', 'a\u2067b'],
  ])('refuses %s', (_name, value) => {
    expect(messageOf(schema.safeParse(value))).toBe(TEXT_MESSAGES.bidi);
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['a BOM and a word joiner', '\ufeff\u2060'],
    ['a soft hyphen', '\u00ad'],
    ['Hangul fillers', '\u3164\u115f'],
  ])('refuses a value of only %s', (_name, value) => {
    expect(messageOf(schema.safeParse(value))).toBe(TEXT_MESSAGES.invisible);
  });

  it('keeps ordinary text with umlauts, emoji, marks and a zero-width joiner inside words', () => {
    for (const value of ['Müller & Söhne GmbH', 'Straße 1 👩‍💻', 'שלום\u200fabc', 'Ärzte e.\u00a0V.']) {
      expect(schema.safeParse(value).success).toBe(true);
    }
  });

  it('leaves the empty string to the min check', () => {
    expect(singleLineText().safeParse('').success).toBe(true);
    expect(singleLineText().min(1).safeParse('   ').success).toBe(false);
  });
});

describe('multiLineText', () => {
  it('keeps line breaks and tabs but refuses other controls', () => {
    const schema = multiLineText().max(100);
    expect(schema.parse('Zeile 1\r\nZeile 2\tEnde')).toBe('Zeile 1\r\nZeile 2\tEnde');
    expect(messageOf(schema.safeParse('a\u0000b'))).toBe(TEXT_MESSAGES.control);
    expect(messageOf(schema.safeParse('a\u000bb'))).toBe(TEXT_MESSAGES.control);
    expect(messageOf(schema.safeParse('a\u202eb'))).toBe(TEXT_MESSAGES.bidi);
  });
});

describe('secretText', () => {
  it('neither trims nor normalises, and refuses controls', () => {
    expect(secretText().parse(' e\u0301 ')).toBe(' e\u0301 ');
    expect(messageOf(secretText().safeParse('geheim\u0000'))).toBe(TEXT_MESSAGES.control);
  });
});
