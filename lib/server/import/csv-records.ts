/**
 * A CSV reader (RFC 4180 as Excel writes it) that takes its text in pieces and costs the same for
 * every character, whatever came before: one pass, a few states, no look-back. It replaces
 * csv-parse's `skip_records_with_error` for the whitelist import, whose recovery after a bad record
 * re-read everything since (8,000 lines of `"a"b` held the event loop for seconds, issue 24) and
 * reported each bad record twice on the wrong line.
 *
 * - Fields are split by `delimiter`; a field that starts with `"` is quoted: it may hold the
 *   delimiter, line breaks and `""` (one quote) and ends at a `"` followed by the delimiter, a line
 *   break or the end of the text.
 * - Records end at CRLF, LF or CR outside quotes; an empty line is a record with one empty field.
 * - A `"` inside an unquoted field, anything but the delimiter or a line break after a closing
 *   quote, and a quote still open at the end make the record malformed: it is reported once, with
 *   the line it starts on, and reading goes on after the line break that ends the bad line.
 * - A field keeps at most `maxField` characters and a record at most `maxFields` fields (what lies
 *   beyond can only be refused anyway).
 */

export interface CsvRecord {
  fields: string[];
  /** The line the record starts on (1-based; a quoted line break inside counts as a line). */
  line: number;
  /** The line it ends on (after `line` when a quoted line break or a skipped bad line is part of it). */
  endLine: number;
  malformed: boolean;
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Where the reader is: before a field, in an unquoted or a quoted field, just after a quote inside a quoted one, or skipping a bad line. */
type State = 'start' | 'plain' | 'quoted' | 'quote' | 'skip';

export class CsvRecordReader {
  private state: State = 'start';
  private fields: string[] = [];
  private field = '';
  /** The physical line of the next character. */
  private line = 1;
  private recordLine = 1;
  /** The last character was a CR: an LF right after it belongs to the same line break. */
  private afterCr = false;
  private readonly delimiter: number;

  constructor(
    delimiter: string,
    private readonly maxField = 4096,
    private readonly maxFields = 16,
  ) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Reads `text` and appends the records it completes to `out`. Linear in `text.length`. */
  push(text: string, out: CsvRecord[]): void {
    const length = text.length;
    // Characters of the current field not yet copied start here (copied in runs, not one by one).
    let run = this.state === 'plain' || this.state === 'quoted' ? 0 : -1;
    for (let index = 0; index < length; index++) {
      const code = text.charCodeAt(index);
      if (this.afterCr) {
        this.afterCr = false;
        if (code === LF) {
          // The LF of a CRLF: the line was counted at the CR. Inside quotes it is part of the text.
          if (this.state === 'quoted' && run < 0) run = index;
          continue;
        }
      }
      switch (this.state) {
        case 'start':
          if (code === QUOTE) {
            this.state = 'quoted';
            run = index + 1;
          } else if (!this.endsField(code, out)) {
            this.state = 'plain';
            run = index;
          }
          break;
        case 'plain':
          if (code === this.delimiter || code === CR || code === LF) {
            this.append(text, run, index);
            this.endsField(code, out);
            run = -1;
          } else if (code === QUOTE) {
            this.state = 'skip';
            run = -1;
          }
          break;
        case 'quoted':
          if (code === QUOTE) {
            this.append(text, run, index);
            this.state = 'quote';
            run = -1;
          } else if (code === CR || code === LF) {
            this.endLine(code);
          }
          break;
        case 'quote':
          if (code === QUOTE) {
            // `""`: one quote in the text; the run goes on from it.
            this.state = 'quoted';
            run = index;
          } else if (!this.endsField(code, out)) {
            this.state = 'skip';
          }
          break;
        case 'skip':
          if (code === CR || code === LF) {
            this.endLine(code);
            this.emit(out, true, this.line - 1);
          }
          break;
      }
    }
    if (run >= 0) this.append(text, run, length);
  }

  /** The end of the text: a record still open is complete (or malformed if a quote is open). */
  end(out: CsvRecord[]): void {
    if (this.state === 'quoted' || this.state === 'skip') {
      this.emit(out, true, this.line);
    } else if (this.state !== 'start' || this.fields.length > 0) {
      this.endField();
      this.emit(out, false, this.line);
    }
  }

  /** The delimiter ends the field, a line break the field and the record; false for any other character. */
  private endsField(code: number, out: CsvRecord[]): boolean {
    if (code === this.delimiter) {
      this.endField();
      return true;
    }
    if (code !== CR && code !== LF) return false;
    this.endLine(code);
    this.endField();
    this.emit(out, false, this.line - 1);
    return true;
  }

  private append(text: string, from: number, to: number) {
    if (to > from && this.field.length < this.maxField) {
      this.field += text.slice(from, Math.min(to, from + this.maxField - this.field.length));
    }
  }

  private endField() {
    // A line of 16 MiB of delimiters is one record of too many fields, not millions of strings.
    if (this.fields.length < this.maxFields) this.fields.push(this.field);
    this.field = '';
    this.state = 'start';
  }

  private endLine(code: number) {
    this.line += 1;
    this.afterCr = code === CR;
  }

  /** `endLine`: the line the record ends on (the one before `line` when a line break ended it). */
  private emit(out: CsvRecord[], malformed: boolean, endLine: number) {
    out.push({ fields: malformed ? [] : this.fields, line: this.recordLine, endLine, malformed });
    this.fields = [];
    this.field = '';
    this.state = 'start';
    this.recordLine = this.line;
  }
}
