/**
 * Callback paths after sign-in (seed §5, SPEC §6): only an in-app path that starts with one
 * `/`, made of ASCII letters, digits and `@ - % _ ~ /`, with an optional query and fragment.
 * Anything that is, or decodes to, a protocol-relative URL, a backslash path, a scheme or a
 * control character is refused. Runs in the edge middleware and in the browser.
 */
const SHAPE =
  /^\/(?![/\\])[A-Za-z0-9@\-%_~/]*(\?[A-Za-z0-9@\-%_~/.=&+,;:!*'()$]*)?(#[A-Za-z0-9@\-%_~/.=&+,;:!*'()$?]*)?$/;
const MAX_LENGTH = 2048;
const MAX_DECODE_ROUNDS = 4;

function decodesSafely(path: string, allowNonAscii: boolean): boolean {
  let current = path;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return false;
    if (/^[/\\]{2}/.test(decoded) || /^\/*[a-z][a-z0-9+.-]*:/i.test(decoded)) return false;
    // Look-alikes of `/` and friends in the path; a query may well search for "Müller".
    if (!allowNonAscii && /[^\u0020-\u007e]/.test(decoded)) return false;
    if (decoded === current) return true;
    current = decoded;
  }
  // Still changing after several rounds: nobody builds links like that.
  return false;
}

export function isSafeCallbackPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return false;
  if (!SHAPE.test(value)) return false;
  const path = value.split(/[?#]/, 1)[0] ?? '';
  return decodesSafely(path, false) && decodesSafely(value.slice(path.length).replace(/^[?#]/, ''), true);
}

/** The path to go to after sign-in: the callback if it is safe, else the home page. */
export function safeCallbackPath(value: unknown, fallback = '/'): string {
  if (!isSafeCallbackPath(value)) return fallback;
  // Going back to the sign-in page after signing in would only bounce to the home page.
  if (/^\/login\/?(?:[?#]|$)/.test(value)) return fallback;
  return value;
}
