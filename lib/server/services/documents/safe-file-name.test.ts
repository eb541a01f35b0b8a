/** @jest-environment node */
import { asciiFallback, dispositionHeader } from '@/lib/server/http/download';
import { safeFileName } from './safe-file-name';

describe('safeFileName', () => {
  it.each([
    ['Angebot%20final.pdf', 'Angebot%20final.pdf'],
    ['Angebot %22final%22.pdf', 'Angebot "final".pdf'],
    ['Zeile%0Azwei.pdf', 'Zeile_zwei.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\x\\bericht.docx', 'bericht.docx'],
    ['\u202Egnp.exe.pdf', '_gnp.exe.pdf'],
    ['...versteckt.txt', 'versteckt.txt'],
    ['U\u0308bersicht.pdf', 'Übersicht.pdf'],
  ])('%j → %j', (raw, expected) => {
    expect(safeFileName(raw)).toBe(expected);
  });

  it('keeps the extension when it shortens a long name', () => {
    const name = safeFileName(`${'a'.repeat(300)}.xlsx`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.xlsx')).toBe(true);
  });
});

describe('dispositionHeader', () => {
  it('gives an ASCII fallback and the full name as filename*', () => {
    expect(dispositionHeader('Übersicht "2026".pdf', 'attachment')).toBe(
      `attachment; filename="Ubersicht _2026_.pdf"; filename*=UTF-8''%C3%9Cbersicht%20%222026%22.pdf`,
    );
  });

  it('leaves a plain name alone', () => {
    expect(dispositionHeader('vertrag.pdf', 'inline')).toBe('inline; filename="vertrag.pdf"');
  });

  it('never lets a line break or a folder into the header', () => {
    const header = dispositionHeader('a\r\nSet-Cookie: x=1/..\\b.pdf', 'attachment');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^attachment; filename="b\.pdf"$/);
  });

  it('maps what would confuse a header parser in the fallback to _', () => {
    expect(asciiFallback('a;b%c\\d"e€.csv')).toBe('a_b_c_d_e_.csv');
  });
});
