import { z } from './zod';
import { problem } from './problems';

/**
 * The one primitive for text that people type: every text field of every input schema and every
 * free-text query parameter is built from these, so NUL and friends are a 422 with the field
 * named, never a database error. Forms validate with the same schemas, so they say so at once.
 */

/** C0 and C1 control characters and DEL; a multi-line field keeps tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/**
 * Bidi embeddings, overrides and isolates reorder what a reader sees ("\u202Egnp.exe" reads as
 * "exe.png"). The plain marks LRM/RLM change no order and stay allowed.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Characters that print nothing: white space, zero-width characters, soft hyphen, fillers, BOM. */
const INVISIBLE_ONLY =
  /^[\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0]+$/;

export const TEXT_MESSAGES = {
  control: problem('controlChars'),
  bidi: problem('bidiChars'),
  invisible: problem('invisibleOnly'),
} as const;

/** Lone UTF-16 surrogates cannot be stored as UTF-8; treat them like control characters. */
const isWellFormed = (value: string) => !/[\uD800-\uDFFF]/.test(value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));

const noControl = z.refine<string>((value) => isWellFormed(value) && !CONTROL.test(value), TEXT_MESSAGES.control);
const noControlExceptLines = z.refine<string>(
  (value) => isWellFormed(value) && !CONTROL_EXCEPT_LINES.test(value),
  TEXT_MESSAGES.control,
);
const noBidiControl = z.refine<string>((value) => !BIDI_CONTROL.test(value), TEXT_MESSAGES.bidi);
const notInvisibleOnly = z.refine<string>(
  (value) => value === '' || !INVISIBLE_ONLY.test(value),
  TEXT_MESSAGES.invisible,
);

/** The checks every text primitive carries; a test finds them in every input schema's strings. */
export const TEXT_CHECKS: ReadonlySet<unknown> = new Set([noControl, noControlExceptLines]);

/** One line of text: NFC, trimmed, no control, bidi-override or invisible-only content. Chain `.min()`/`.max()`. */
export function singleLineText() {
  return z.string().normalize('NFC').trim().check(noControl, noBidiControl, notInvisibleOnly);
}

/** Like `singleLineText`, but tab and line breaks are allowed (notes, descriptions, comments). */
export function multiLineText() {
  return z.string().normalize('NFC').trim().check(noControlExceptLines, noBidiControl, notInvisibleOnly);
}

/**
 * A secret as typed (passwords, tokens): never normalised or trimmed, since that would change
 * what was hashed, but control characters and broken UTF-16 are refused like anywhere else.
 */
export function secretText() {
  return z.string().check(noControl);
}
