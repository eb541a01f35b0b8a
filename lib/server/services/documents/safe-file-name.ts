import 'server-only';

const FILE_NAME_MAX = 200;
/** Control characters, bidi controls (they disguise an extension) and path separators. */
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069/\\]/g;
/** Browsers send `"`, line feed and carriage return in a multipart file name as %22, %0A and %0D (HTML's form encoding). */
const FORM_ESCAPES: Record<string, string> = { '%22': '"', '%0A': '\n', '%0D': '\r' };

/**
 * The name a version keeps: no folders, no control or bidi characters (each becomes `_`), no
 * leading dots, at most 200 characters with the extension kept. Quotes and umlauts stay: downloads
 * encode the name for the header (RFC 6266), so this is about what people see, not header safety.
 */
export function safeFileName(raw: string): string {
  const decoded = raw.replace(/%(22|0A|0D)/gi, (escape) => FORM_ESCAPES[escape.toUpperCase()] ?? escape);
  const base = decoded.split(/[/\\]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNSAFE_NAME_CHARACTERS, '_').replace(/\s+/g, ' ').trim();
  const name = cleaned.replace(/^\.+/, '');
  if (name.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, FILE_NAME_MAX - extension.length) + extension;
}
