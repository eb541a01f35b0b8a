/**
 * Whitelist values (SPEC §2): an e-mail address or a domain, stored lower-case, a domain (also an
 * address's domain) in punycode. Isomorphic, so the form, the CSV import and the portal's check
 * normalise alike. The normalisation itself lives in ./whitelist-normalise (no Zod, no
 * `punycode`), for client code that needs nothing else; this module adds the way back to Unicode
 * for display, with `punycode` (the userland package; Node's built-in module of that name is
 * deprecated).
 */
import { toUnicode } from 'punycode/';
import type { WhitelistKind } from './whitelist-normalise';

export {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  normaliseEmail,
  normaliseWhitelistValue,
  toAsciiDomain,
  WHITELIST_KINDS,
  type NormalisedValue,
  type WhitelistKind,
  type WhitelistValueProblem,
} from './whitelist-normalise';

/** `xn--bckerei-hansen-2ib.de` → `bäckerei-hansen.de`, for display. */
export function toUnicodeDomain(ascii: string): string {
  if (!ascii.includes('xn--')) return ascii;
  try {
    return toUnicode(ascii);
  } catch {
    return ascii;
  }
}

/** A stored value as people read it: the domain part in Unicode. */
export function displayWhitelistValue(kind: WhitelistKind, value: string): string {
  if (kind === 'domain') return toUnicodeDomain(value);
  const at = value.lastIndexOf('@');
  return at < 0 ? value : `${value.slice(0, at)}@${toUnicodeDomain(value.slice(at + 1))}`;
}
