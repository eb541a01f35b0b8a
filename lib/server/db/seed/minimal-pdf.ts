/**
 * A tiny, valid one-page PDF (A4, Helvetica) for demo documents, built by hand so the seed needs
 * no PDF library. The file is pure ASCII: characters outside ASCII are written as octal escapes of
 * their WinAnsi (Windows-1252) code, which the standard fonts understand, so German umlauts and
 * the euro sign render correctly without embedding a font.
 */

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const TITLE_SIZE = 16;
const BODY_SIZE = 11;
const LEADING = 15;
/** Helvetica 11 pt fits roughly this many average characters between the margins. */
const MAX_LINE_CHARS = 90;
const MAX_BODY_LINES = Math.floor((PAGE_HEIGHT - 2 * MARGIN - 2 * TITLE_SIZE) / LEADING);

/** Windows-1252 codes of the characters outside Latin-1 that German texts commonly use. */
const WIN_ANSI_EXTRAS: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};

/** The WinAnsi byte of one character, or undefined if the encoding has none. */
function winAnsiCode(char: string): number | undefined {
  const extra = WIN_ANSI_EXTRAS[char];
  if (extra !== undefined) return extra;
  const code = char.codePointAt(0) ?? 0x3f;
  if (code >= 0x20 && code < 0x7f) return code;
  if (code >= 0xa0 && code <= 0xff) return code; // Windows-1252 equals Latin-1 here
  return undefined;
}

/** Escapes text for a PDF literal string `( … )`, mapping non-ASCII to WinAnsi octal escapes. */
export function pdfString(text: string): string {
  let out = '';
  for (const char of text.replace(/[\t\r\n]+/g, ' ')) {
    let code = winAnsiCode(char);
    if (code === undefined) {
      // Fall back to the letter without its accent (ł stays '?'), never to a broken byte.
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      code = base.length === 1 ? (winAnsiCode(base) ?? 0x3f) : 0x3f;
    }
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${String.fromCharCode(code)}`;
    else if (code < 0x80) out += String.fromCharCode(code);
    else out += `\\${code.toString(8).padStart(3, '0')}`;
  }
  return out;
}

/** Breaks long lines at spaces (or hard, for a single overlong word) to stay inside the page. */
function wrap(line: string, width: number): string[] {
  const result: string[] = [];
  let rest = line.trimEnd();
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    const cut = space > 0 ? space : width;
    result.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  result.push(rest);
  return result;
}

function contentStream(title: string, lines: string[]): string {
  let body = lines.flatMap((line) => wrap(line, MAX_LINE_CHARS));
  if (body.length > MAX_BODY_LINES) body = [...body.slice(0, MAX_BODY_LINES - 1), '…'];
  const top = PAGE_HEIGHT - MARGIN - TITLE_SIZE;
  const ops = [
    'BT',
    `/F1 ${TITLE_SIZE} Tf`,
    `${MARGIN} ${top} Td`,
    `(${pdfString(title)}) Tj`,
    'ET',
    'BT',
    `/F2 ${BODY_SIZE} Tf`,
    `${LEADING} TL`,
    `${MARGIN} ${top - 2 * TITLE_SIZE} Td`,
    ...body.map((line, index) => `${index === 0 ? '' : 'T* '}(${pdfString(line)}) Tj`),
    'ET',
  ];
  return `${ops.join('\n')}\n`;
}

/** Bytes of an ASCII string (the whole file is ASCII, so offsets are string indices). */
function asciiBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0x7f;
  return bytes;
}

/** Builds a one-page PDF 1.4 with a bold title and the given lines of body text. */
export function minimalPdf(title: string, lines: string[]): Uint8Array {
  const stream = contentStream(title, lines);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}endstream`,
    `<< /Title (${pdfString(title)}) /Producer (Employee Benefits Master Tool) >>`,
  ];

  let file = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(file.length);
    file += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = file.length;
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, EOL.
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  file += `startxref\n${xrefOffset}\n%%EOF`;
  return asciiBytes(file);
}
