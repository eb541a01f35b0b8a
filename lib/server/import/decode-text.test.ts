/** @jest-environment node */
import { LineCheckedDecoder } from './decode-text';

/** Decodes `bytes` in chunks of `size` (characters and CRLFs split across them). */
function decode(bytes: Buffer, size: number) {
  const decoder = new LineCheckedDecoder();
  let text = '';
  for (let start = 0; start < bytes.length; start += size) text += decoder.decode(bytes.subarray(start, start + size));
  text += decoder.end();
  return { text, badLines: decoder.badLines };
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('LineCheckedDecoder', () => {
  it.each([1, 2, 3, 5, 64 * 1024])('decodes UTF-8 split anywhere (chunks of %i) without a bad line', (size) => {
    const text = '\uFEFFvalue;note\r\nmüller.de;€ 😀\rb.de;"zwei\nZeilen"\n';
    expect(decode(utf8(text), size)).toEqual({ text, badLines: [] });
  });

  it.each([1, 4, 7, 64 * 1024])(
    'names the line of each byte that is no UTF-8 and keeps every other line (chunks of %i)',
    (size) => {
      const bytes = Buffer.concat([
        utf8('value\r\nä.de\r\n'),
        latin1('caf\u00e9.de\r\n'), // line 3
        utf8('ok.de\n\n'),
        latin1('\u00fc\u00fc;x\r'), // line 6 (twice on one line, counted once)
        utf8('😀.de\n'),
        Buffer.from([0xf0, 0x9f]), // line 8: a character cut off at the end of the file
      ]);
      const { text, badLines } = decode(bytes, size);
      expect(badLines).toEqual([3, 6, 8]);
      // The bad bytes become U+FFFD; no line break, delimiter or other character is lost.
      expect(text).toBe('value\r\nä.de\r\ncaf\uFFFD.de\r\nok.de\n\n\uFFFD\uFFFD;x\r😀.de\n\uFFFD');
    },
  );

  it('finds a bad byte after 3,000 good lines on its own line (issue 45)', () => {
    const good = Array.from({ length: 3_000 }, (_, index) => `user${index}@example.com;Zeile ${index}`);
    const bytes = Buffer.concat([
      utf8(`value;note\n${good.join('\n')}\n`),
      latin1('caf\u00e9.de;x\n'),
      utf8('last.de;\n'),
    ]);
    for (const size of [64 * 1024, 1000, 17]) expect(decode(bytes, size).badLines).toEqual([3_002]);
  });

  it('counts CRLF split across chunks as one line break', () => {
    const bytes = Buffer.concat([utf8('a\r'), utf8('\nb\r'), utf8('\n'), latin1('\u00e9')]);
    const decoder = new LineCheckedDecoder();
    for (const part of [bytes.subarray(0, 2), bytes.subarray(2, 5), bytes.subarray(5)]) decoder.decode(part);
    decoder.end();
    expect(decoder.badLines).toEqual([3]);
  });
});
