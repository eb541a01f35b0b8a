/** @jest-environment node */
import {
  UTF8_BOM,
  berlinIsoDate,
  csvCellText,
  csvLines,
  csvResponse,
  formatGermanDate,
  neutralizeFormula,
  type CsvCell,
} from './csv';

describe('formatGermanDate', () => {
  it('writes TT.MM.JJJJ', () => {
    expect(formatGermanDate(new Date('2026-11-21T10:00:00Z'))).toBe('21.11.2026');
    expect(formatGermanDate('2026-01-05T08:00:00.000Z')).toBe('05.01.2026');
  });

  it('uses the calendar day in Germany, in winter and in summer time', () => {
    // 23:30 UTC is 00:30 (CET) resp. 01:30 (CEST) on the next day in Berlin.
    expect(formatGermanDate(new Date('2026-12-31T23:30:00Z'))).toBe('01.01.2027');
    expect(formatGermanDate(new Date('2026-06-30T22:30:00Z'))).toBe('01.07.2026');
    expect(formatGermanDate(new Date('2026-06-30T21:59:00Z'))).toBe('30.06.2026');
  });

  it('leaves missing and invalid dates empty', () => {
    expect(formatGermanDate(null)).toBe('');
    expect(formatGermanDate(undefined)).toBe('');
    expect(formatGermanDate('')).toBe('');
    expect(formatGermanDate('no date')).toBe('');
  });
});

describe('berlinIsoDate', () => {
  it('is today in Germany as YYYY-MM-DD', () => {
    expect(berlinIsoDate(new Date('2026-11-21T12:00:00Z'))).toBe('2026-11-21');
    expect(berlinIsoDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('neutralizeFormula', () => {
  it.each(['=SUM(A1:A2)', '+49 30 1234', '-1+2', '@cmd', '\t=1', '\r=1'])('prefixes %j with an apostrophe', (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it.each(['Müller Logistik GmbH', '', "'already quoted", 'a=b', ' =1', '12345'])('leaves %j alone', (text) => {
    expect(neutralizeFormula(text)).toBe(text);
  });
});

describe('csvCellText', () => {
  it('formats each kind of cell', () => {
    expect(csvCellText(null)).toBe('');
    expect(csvCellText(undefined)).toBe('');
    expect(csvCellText(42)).toBe('42');
    expect(csvCellText(-3)).toBe('-3');
    expect(csvCellText(Number.NaN)).toBe('');
    expect(csvCellText(new Date('2026-03-01T12:00:00Z'))).toBe('01.03.2026');
    expect(csvCellText('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
  });
});

describe('csvLines', () => {
  it('separates cells with ; and records with CRLF', () => {
    expect(
      csvLines([
        ['a', 'b'],
        ['c', 1],
      ]),
    ).toBe('a;b\r\nc;1\r\n');
  });

  it('quotes cells that hold the separator, quotes or line breaks', () => {
    expect(csvLines([['Weber; Söhne', 'Sagt "Hallo"', 'Zeile 1\nZeile 2']])).toBe(
      '"Weber; Söhne";"Sagt ""Hallo""";"Zeile 1\nZeile 2"\r\n',
    );
  });

  it('neutralises formulas inside quoted cells too', () => {
    expect(csvLines([['=1;2']])).toBe('"\'=1;2"\r\n');
  });

  it('writes nothing for no rows', () => {
    expect(csvLines([])).toBe('');
  });
});

describe('csvResponse', () => {
  async function* rows(count: number): AsyncGenerator<CsvCell[]> {
    for (let index = 1; index <= count; index += 1) yield [`K-${String(index).padStart(6, '0')}`, index];
  }

  it('streams the BOM, the header and every row with download headers', async () => {
    const response = csvResponse({
      fileName: 'konten-2026-11-21.csv',
      header: ['Kundennummer', 'Anzahl'],
      rows: rows(5000),
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="konten-2026-11-21.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');

    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith(UTF8_BOM)).toBe(false); // TextDecoder drops the BOM by default
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Kundennummer;Anzahl');
    expect(lines[1]).toBe('K-000001;1');
    expect(lines[5000]).toBe('K-005000;5000');
    expect(lines).toHaveLength(5002); // header, 5000 rows, and the empty rest after the last CRLF
  });

  it('answers just the header for no rows', async () => {
    const response = csvResponse({ fileName: 'x.csv', header: ['A', 'B'], rows: rows(0) });
    expect(await response.text()).toBe('A;B\r\n');
  });

  it('keeps the file name safe', () => {
    const response = csvResponse({ fileName: 'kon"ten\r\n/../ä.csv', header: ['A'], rows: rows(0) });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="kon_ten_.._.csv"');
  });

  it('stops reading rows when the client goes away', async () => {
    let produced = 0;
    let finished = false;
    async function* endless(): AsyncGenerator<CsvCell[]> {
      try {
        for (;;) {
          produced += 1;
          yield ['x'.repeat(100)];
        }
      } finally {
        finished = true;
      }
    }
    const response = csvResponse({ fileName: 'x.csv', header: ['A'], rows: endless() });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
    expect(produced).toBeLessThan(100_000);
  });
});
