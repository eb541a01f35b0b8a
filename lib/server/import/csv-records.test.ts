/** @jest-environment node */
import { type CsvRecord, CsvRecordReader } from './csv-records';

/** Reads `text` in pieces of `size` characters (lines, quotes and CRLFs split across them). */
function read(text: string, size = 3, delimiter = ';'): CsvRecord[] {
  const reader = new CsvRecordReader(delimiter, 50, 4);
  const out: CsvRecord[] = [];
  for (let start = 0; start < text.length; start += size) reader.push(text.slice(start, start + size), out);
  reader.end(out);
  return out;
}
const brief = (records: CsvRecord[]) =>
  records.map((record) => (record.malformed ? [record.line, 'malformed'] : [record.line, ...record.fields]));

describe('CsvRecordReader', () => {
  it.each([1, 2, 3, 7, 1000])('reads quotes, CRLF, LF and CR in pieces of %i', (size) => {
    const text = 'a;b\r\n"x;y";"zwei\r\nZeilen"\n"""q""";\r\rlast';
    expect(brief(read(text, size))).toEqual([
      [1, 'a', 'b'],
      [2, 'x;y', 'zwei\r\nZeilen'],
      [4, '"q"', ''],
      [5, ''],
      [6, 'last'],
    ]);
  });

  it('names the line each record ends on (issue 45: a bad byte is matched to its record)', () => {
    const text = 'a;b\r\n"zwei\r\nZeilen"\n"open\nx"y;z\r\rlast';
    expect(read(text).map((record) => [record.line, record.endLine])).toEqual([
      [1, 1],
      [2, 3],
      [4, 5],
      [6, 6],
      [7, 7],
    ]);
  });

  it('reports each malformed line once, on its own line, and reads on after it', () => {
    const text = 'value\n"a"b\nok\nx"y;z\n"a"b\n"open;\nnext\n';
    expect(brief(read(text))).toEqual([
      [1, 'value'],
      [2, 'malformed'],
      [3, 'ok'],
      [4, 'malformed'],
      [5, 'malformed'],
      // An open quote takes the rest of the file: one malformed record on the line it opened.
      [6, 'malformed'],
    ]);
  });

  it('keeps blank lines as records, and no record after a final line break', () => {
    expect(brief(read('\n\r\n\ra\n'))).toEqual([
      [1, ''],
      [2, ''],
      [3, ''],
      [4, 'a'],
    ]);
    expect(read('')).toEqual([]);
  });

  it('caps the length of a field and the number of fields', () => {
    const [record] = read(`${'x'.repeat(500)};${';'.repeat(100)}\n`, 64);
    expect(record!.fields[0]).toHaveLength(50);
    expect(record!.fields).toHaveLength(4);
  });

  it('costs the same per character whatever came before (linear)', () => {
    const time = (lines: number) => {
      const text = 'value\n' + '"a"b\n'.repeat(lines);
      const started = performance.now();
      expect(read(text, 64 * 1024)).toHaveLength(lines + 1);
      return performance.now() - started;
    };
    // The fastest of five runs each, in turn: one run of each once measured 31× in a CI run, when
    // another Jest worker or a collection took the CPU during the large one. The fastest run is the
    // one nothing else interrupted; the reader's own cost is in every run.
    time(20_000); // warm-up
    const small: number[] = [];
    const large: number[] = [];
    for (let run = 0; run < 5; run++) {
      small.push(time(40_000));
      large.push(time(320_000));
    }
    // 8× the input: quadratic would be 64×.
    expect(Math.min(...large) / Math.max(Math.min(...small), 1)).toBeLessThan(30);
  });
});
