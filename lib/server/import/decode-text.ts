/**
 * The one place where an imported file's bytes become text (issue 45): UTF-8, checked line by line.
 * Bytes that are no UTF-8 do not stop or shift anything: the line holding them is decoded with
 * U+FFFD in their place and its number noted in `badLines`, so the reader goes on with every later
 * line on its real number and the caller refuses just that line. Line breaks (CRLF, LF, CR) are
 * counted as the CSV reader (./csv-records) counts them, quoted or not.
 * A BOM is kept in the text (the caller drops it at the start of the file).
 */

const CR = 0x0d;
const LF = 0x0a;

/** Bytes a UTF-8 sequence starting with `lead` has (1 for a byte that starts none). */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 1;
}

/** Where `bytes` can be cut without splitting a character: before a sequence still incomplete at the end. */
function completeEnd(bytes: Uint8Array): number {
  const length = bytes.length;
  for (let index = length - 1; index >= Math.max(0, length - 4); index--) {
    const byte = bytes[index]!;
    if ((byte & 0xc0) === 0x80) continue;
    return length - index < sequenceLength(byte) ? index : length;
  }
  return length;
}

export class LineCheckedDecoder {
  /** Lines (1-based, ascending) that held bytes which are no UTF-8. */
  readonly badLines: number[] = [];
  private readonly strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private readonly lenient = new TextDecoder('utf-8', { ignoreBOM: true });
  /** The line of the next character. */
  private line = 1;
  private afterCr = false;
  /** The start of a character the last chunk did not complete (at most 3 bytes). */
  private tail: Uint8Array = new Uint8Array(0);

  /** The text of `chunk` (and of what the last one left open), up to its last complete character. */
  decode(chunk: Uint8Array): string {
    let bytes = chunk;
    if (this.tail.length > 0) {
      bytes = new Uint8Array(this.tail.length + chunk.length);
      bytes.set(this.tail);
      bytes.set(chunk, this.tail.length);
    }
    const end = completeEnd(bytes);
    this.tail = bytes.slice(end);
    return this.decodePiece(bytes.subarray(0, end));
  }

  /** The end of the file: a character left incomplete is a bad byte on the last line. */
  end(): string {
    const rest = this.tail;
    this.tail = new Uint8Array(0);
    return rest.length > 0 ? this.decodePiece(rest) : '';
  }

  private decodePiece(piece: Uint8Array): string {
    let text: string;
    try {
      text = this.strict.decode(piece);
    } catch {
      return this.decodeLineByLine(piece);
    }
    this.countLines(text);
    return text;
  }

  /** A piece with bad bytes: each line on its own, so the bad ones are known by number. */
  private decodeLineByLine(piece: Uint8Array): string {
    const parts: string[] = [];
    let start = 0;
    for (let index = 0; index <= piece.length; index++) {
      if (index < piece.length && piece[index] !== CR && piece[index] !== LF) continue;
      const segment = piece.subarray(start, Math.min(index + 1, piece.length));
      start = index + 1;
      if (segment.length === 0) continue;
      let text: string;
      try {
        text = this.strict.decode(segment);
      } catch {
        if (this.badLines.at(-1) !== this.line) this.badLines.push(this.line);
        text = this.lenient.decode(segment);
      }
      this.countLines(text);
      parts.push(text);
    }
    return parts.join('');
  }

  private countLines(text: string) {
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === CR) {
        this.line += 1;
        this.afterCr = true;
      } else {
        if (code === LF && !this.afterCr) this.line += 1;
        this.afterCr = false;
      }
    }
  }
}
