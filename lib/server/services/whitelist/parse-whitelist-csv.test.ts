/** @jest-environment node */
import { WHITELIST_IMPORT_MAX_ERRORS, WHITELIST_IMPORT_MAX_ROWS } from '@/lib/schemas/whitelist';
import { detectDelimiter, parseValidUntil, parseWhitelistCsv } from './parse-whitelist-csv';

/** The body as the request streams it: in small chunks, so lines and characters are split across them. */
async function* chunks(bytes: Buffer | string, size = 7): AsyncGenerator<Uint8Array> {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  for (let start = 0; start < buffer.length; start += size) yield buffer.subarray(start, start + size);
}

const parse = (text: Buffer | string, maxBytes = 1024 * 1024) => parseWhitelistCsv(chunks(text), maxBytes);

describe('parseWhitelistCsv', () => {
  it('reads BOM, `;`, quotes and CRLF, with the line number of each row', async () => {
    const file =
      '\uFEFFvalue;note;validUntil\r\nA@Example.com;"Eins; zwei";31.12.2030\r\n\r\n"b.de";"zwei\r\nZeilen";\r\nc.de;;2030-01-02\r\n';
    const result = await parse(file);
    expect(result.errors).toEqual([]);
    // The blank line 5 counts as a line read (issue 24), not as a row.
    expect(result.total).toBe(4);
    expect(result.rows.map((row) => [row.line, row.kind, row.value, row.note, row.validUntil])).toEqual([
      [2, 'email', 'a@example.com', 'Eins; zwei', '2030-12-31'],
      [4, 'domain', 'b.de', 'zwei Zeilen', null],
      [6, 'domain', 'c.de', '', '2030-01-02'],
    ]);
  });

  it('takes `,` from the header line, LF or CR line ends, and only the value column', async () => {
    const result = await parse('Value\nbäcker.de\rx@bäcker.de\n');
    expect(result.rows.map((row) => [row.line, row.value])).toEqual([
      [2, 'xn--bcker-gra.de'],
      [3, 'x@xn--bcker-gra.de'],
    ]);
    const commas = await parse('note,value\n"a; b",c.de\n');
    expect(commas.rows).toEqual([expect.objectContaining({ line: 2, note: 'a; b', value: 'c.de' })]);
  });

  it('names the error of each bad line and reads on', async () => {
    const result = await parse(
      'value;note;validUntil\nkaputt@;;\nno domain;;\n;;\nx.de;;30.02.2030\nx\u0000y.de;;\nok.de;a;b;c\n' +
        `y.de;${'n'.repeat(501)};\nz.de;fine;\n`,
    );
    expect(result.errors.map((issue) => [issue.line, issue.code])).toEqual([
      [2, 'invalid_email'],
      [3, 'invalid_domain'],
      [4, 'value_missing'],
      [5, 'invalid_date'],
      [6, 'invalid_text'],
      [7, 'column_count'],
      [8, 'note_too_long'],
    ]);
    expect(result.rows.map((row) => row.line)).toEqual([9]);
  });

  it('refuses a bad header, bytes that are no UTF-8, and an unclosed quote', async () => {
    expect((await parse('mail;note\na.de;\n')).errors).toEqual([
      { line: 1, code: 'header_invalid', value: 'mail;note' },
    ]);
    expect((await parse('')).errors).toEqual([expect.objectContaining({ line: 1, code: 'header_invalid' })]);
    const latin1 = Buffer.concat([Buffer.from('value\nok.de\nm'), Buffer.from([0xfc]), Buffer.from('ller.de\n')]);
    const bad = await parseWhitelistCsv(chunks(latin1, 64), 1024);
    expect(bad.errors).toEqual([{ line: 3, code: 'encoding', value: '' }]);
    expect(bad.rows.map((row) => [row.line, row.value])).toEqual([[2, 'ok.de']]);
    const unclosed = await parse('value;note\nok.de;\nx.de;"offen\nmore.de;\n');
    expect(unclosed.errors).toEqual([expect.objectContaining({ line: 3, code: 'csv_malformed' })]);
  });

  it.each([7, 64 * 1024, 1024 * 1024])(
    'reports a bad byte on its own line and reads every line after it (issue 45; chunks of %i)',
    async (size) => {
      const latin1 = (text: string) => Buffer.from(text, 'latin1');
      const good = (from: number, count: number) =>
        Array.from({ length: count }, (_, index) => `u${from + index}@example.com;Zeile ${from + index};\n`).join('');
      // The header is line 1: 3,000 valid rows on lines 2–3,001, the bad byte on line 3,002, then 10 more.
      const file = Buffer.concat([
        Buffer.from(`value;note;validUntil\n${good(0, 3_000)}`),
        latin1('caf\u00e9.de;Zeile;\n'),
        Buffer.from(good(3_000, 10)),
      ]);
      const result = await parseWhitelistCsv(chunks(file, size), 2 * 1024 * 1024);
      expect(result.errors).toEqual([{ line: 3_002, code: 'encoding', value: '' }]);
      expect(result.total).toBe(3_011);
      expect(result.rows).toHaveLength(3_010);
      expect(result.rows.at(-1)).toMatchObject({ line: 3_012, value: 'u3009@example.com' });

      const early = Buffer.concat([
        Buffer.from(`value;note;validUntil\n${good(0, 2)}`),
        latin1('m\u00fcller.de;\u00e9;\n'),
        Buffer.from(good(2, 3_000)),
      ]);
      const second = await parseWhitelistCsv(chunks(early, size), 2 * 1024 * 1024);
      expect(second.errors).toEqual([{ line: 4, code: 'encoding', value: '' }]);
      expect(second.rows).toHaveLength(3_002);
    },
  );

  it('refuses a header with bytes that are no UTF-8 on its line', async () => {
    const file = Buffer.concat([
      Buffer.from('\n'),
      Buffer.from('value;not', 'latin1'),
      Buffer.from([0xe9]),
      Buffer.from('\na.de;\n'),
    ]);
    expect((await parse(file)).errors).toEqual([{ line: 2, code: 'encoding', value: '' }]);
  });

  it('stops at the row and byte limits with 413', async () => {
    const rows = ['value', ...Array.from({ length: WHITELIST_IMPORT_MAX_ROWS + 1 }, (_, index) => `a${index}.de`)];
    await expect(parseWhitelistCsv(chunks(rows.join('\n'), 64 * 1024), 10 * 1024 * 1024)).rejects.toMatchObject({
      statusCode: 413,
    });
    await expect(parse(`value\n${'a'.repeat(2000)}.de\n`, 1000)).rejects.toMatchObject({ statusCode: 413 });
  });
});

describe('parseWhitelistCsv under hostile input (issue 24)', () => {
  it('reports malformed lines once each, on their real lines, and reads on', async () => {
    const result = await parse('value;note\nok.de;\n"a"b;\nx"y.de;\n\n"c.de";"d"e\nz.de;"fine"\n');
    expect(result.errors).toEqual([
      { line: 3, code: 'csv_malformed', value: '' },
      { line: 4, code: 'csv_malformed', value: '' },
      { line: 6, code: 'csv_malformed', value: '' },
    ]);
    expect(result.rows.map((row) => [row.line, row.value])).toEqual([
      [2, 'ok.de'],
      [7, 'z.de'],
    ]);
    expect(result.total).toBe(6);
  });

  it('counts blank lines (also before the header) toward the row limit', async () => {
    const atLimit = `\n\nvalue\n${'\n'.repeat(WHITELIST_IMPORT_MAX_ROWS - 3)}a.de\n`;
    expect(await parse(atLimit, 1024 * 1024)).toMatchObject({ total: WHITELIST_IMPORT_MAX_ROWS, errors: [] });
    await expect(parse(`value\n${'\n'.repeat(WHITELIST_IMPORT_MAX_ROWS)}a.de\n`)).rejects.toMatchObject({
      statusCode: 413,
    });
    await expect(parse('\r\n'.repeat(WHITELIST_IMPORT_MAX_ROWS + 1))).rejects.toMatchObject({ statusCode: 413 });
  });

  it('stops at the 1,000th error and says on which line', async () => {
    const lines = ['value', 'ok.de', ...Array.from({ length: 3000 }, (_, index) => (index % 2 ? '"a"b' : 'kaputt@'))];
    const result = await parseWhitelistCsv(chunks(`${lines.join('\n')}\n`, 4096), 1024 * 1024);
    expect(result.errors).toHaveLength(WHITELIST_IMPORT_MAX_ERRORS);
    expect(result.stoppedAtLine).toBe(1002);
    expect(result.errors.at(-1)).toEqual({ line: 1002, code: 'csv_malformed', value: '' });
    expect(result.errors.slice(0, 2).map((issue) => [issue.line, issue.code])).toEqual([
      [3, 'invalid_email'],
      [4, 'csv_malformed'],
    ]);
    expect(result.total).toBe(1001);
  });

  it('lets timers run while it reads 50,000 rows and 16 MiB of one field', async () => {
    const rows = ['value;note', ...Array.from({ length: WHITELIST_IMPORT_MAX_ROWS }, (_, index) => `u${index}@a.de;n`)];
    // Encoded before the clock runs: only the parser's own work is timed.
    const inputs = [`${rows.join('\n')}\n`, `value\n"${'x'.repeat(16 * 1024 * 1024 - 16)}"\n`].map((text) =>
      Buffer.from(text),
    );
    for (const bytes of inputs) {
      let last = performance.now();
      let longest = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 1);
      const started = performance.now();
      await parseWhitelistCsv(chunks(bytes, 1024 * 1024), 20 * 1024 * 1024);
      const total = performance.now() - started;
      clearInterval(timer);
      // The gap since the timer last ran counts too: a parser that never yields leaves only that one.
      longest = Math.max(longest, performance.now() - last);
      // Relative to the parse's own duration, so a loaded machine (GC, a busy second core) cannot
      // fail it while a parser that never yields always does: its longest gap is the whole parse.
      expect(total).toBeGreaterThan(50);
      expect(longest).toBeLessThan(total / 2);
    }
  });
});

describe('detectDelimiter and parseValidUntil', () => {
  it('prefers `;` unless the header has more commas outside quotes', () => {
    expect(detectDelimiter('value;note;validUntil')).toBe(';');
    expect(detectDelimiter('value,note')).toBe(',');
    expect(detectDelimiter('"a,b,c";value')).toBe(';');
    expect(detectDelimiter('value')).toBe(';');
  });

  it('takes ISO and German dates and refuses impossible ones', () => {
    expect(parseValidUntil('')).toBeNull();
    expect(parseValidUntil('2030-02-28')).toBe('2030-02-28');
    expect(parseValidUntil('1.2.2030')).toBe('2030-02-01');
    expect(parseValidUntil('29.02.2030')).toBeUndefined();
    expect(parseValidUntil('2030/01/01')).toBeUndefined();
  });
});
