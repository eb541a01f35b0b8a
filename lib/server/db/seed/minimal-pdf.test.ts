/** @jest-environment node */
import { minimalPdf, pdfString } from './minimal-pdf';

/** The file is ASCII by construction, so a byte index equals a string index. */
function text(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
}

function xrefEntries(pdf: string): { start: number; offsets: number[] } {
  const start = Number(/startxref\n(\d+)\n%%EOF$/.exec(pdf)?.[1]);
  const table = /^xref\n0 (\d+)\n((?:\d{10} \d{5} [fn] \n)+)/.exec(pdf.slice(start));
  if (!table?.[1] || !table[2]) throw new Error('no xref table at startxref');
  const entries = table[2].match(/[^]{20}/g) ?? [];
  expect(entries).toHaveLength(Number(table[1]));
  return { start, offsets: entries.slice(1).map((entry) => Number(entry.slice(0, 10))) };
}

describe('minimalPdf', () => {
  const pdf = text(minimalPdf('Rahmenvertrag (Entwurf) – Müller Logistik', ['Zeile 1', 'Größe: 5 € \\ Monat']));

  it('has the PDF header and trailer', () => {
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF')).toBe(true);
  });

  it('points startxref at the xref table and every xref offset at its object', () => {
    const { start, offsets } = xrefEntries(pdf);
    expect(pdf.slice(start, start + 5)).toBe('xref\n');
    expect(offsets.length).toBeGreaterThanOrEqual(6);
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset, offset + `${index + 1} 0 obj\n`.length)).toBe(`${index + 1} 0 obj\n`);
    });
    expect(pdf).toContain(`/Size ${offsets.length + 1} `);
  });

  it('declares the exact length of the content stream', () => {
    const match = /<< \/Length (\d+) >>\nstream\n/.exec(pdf);
    expect(match).not.toBeNull();
    const begin = (match?.index ?? 0) + (match?.[0].length ?? 0);
    expect(pdf.slice(begin + Number(match?.[1]), begin + Number(match?.[1]) + 10)).toBe('endstream\n');
  });

  it('is pure ASCII and escapes the title and body text', () => {
    expect(/^[\x00-\x7f]*$/.test(pdf)).toBe(true);
    expect(pdf).toContain('(Rahmenvertrag \\(Entwurf\\) \\226 M\\374ller Logistik) Tj');
    expect(pdf).toContain('(Gr\\366\\337e: 5 \\200 \\\\ Monat) Tj');
  });

  it('puts every line on the single page, wrapping long ones', () => {
    const long = minimalPdf('Liste', ['wort '.repeat(60), ...Array.from({ length: 200 }, (_, i) => `Zeile ${i}`)]);
    const content = text(long);
    expect(content.match(/\/Type \/Page /g)).toHaveLength(1);
    expect(content).toContain('(\\205) Tj');
    expect(xrefEntries(content).offsets).toHaveLength(7);
  });
});

describe('pdfString', () => {
  it('maps characters without a WinAnsi code to their base letter or ?', () => {
    expect(pdfString('Čapek ł\tx')).toBe('Capek ? x');
  });
});
