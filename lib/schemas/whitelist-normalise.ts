/**
 * Whitelist values normalised (SPEC §2): an e-mail address or a domain, lower-case, a domain (also
 * an address's domain) in punycode. Plain functions without Zod or `punycode`, so a client
 * component (the list page's check box) can normalise without loading either (issue 15); the
 * schemas and the server take them through lib/schemas/whitelist-value.ts.
 *
 * IDN: the WHATWG URL host parser (UTS #46 processing, then punycode) of the platform's `URL`,
 * the same algorithm as Node's `url.domainToASCII` (which the demo seed uses) and every browser's:
 * maintained with the runtime and identical on both sides of the API.
 */

export const WHITELIST_KINDS = ['email', 'domain'] as const;
export type WhitelistKind = (typeof WHITELIST_KINDS)[number];

/** The longest note an entry may carry (the form's `maxLength`, the schema and the CSV import). */
export const WHITELIST_NOTE_MAX = 500;

export type WhitelistValueProblem = 'value_missing' | 'invalid_email' | 'invalid_domain';

export type NormalisedValue =
  { ok: true; kind: WhitelistKind; value: string } | { ok: false; problem: WhitelistValueProblem };

/** Characters the URL parser would read as another part of a URL, or that no host name holds. */
const NOT_IN_HOST = /[\s/\\?#@:[\]%<>^|"'`{}]/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Zod's `z.email()` pattern (`z.regexes.email`), copied so the browser need not load Zod for it;
 * a test holds the two equal.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** The longest address (RFC 5321's path limit less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** `Bäckerei-Hansen.DE` → `xn--bckerei-hansen-2ib.de`; `null` when it is no host name with a dot. */
export function toAsciiDomain(input: string): string | null {
  const trimmed = input.trim().replace(/\.$/, '');
  if (!trimmed || trimmed.length > 253 || NOT_IN_HOST.test(trimmed)) return null;
  let host: string;
  try {
    host = new URL(`http://${trimmed}/`).hostname;
  } catch {
    return null;
  }
  if (host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // An IPv4 address or a number is no domain.
  if (/^[0-9]+$/.test(labels.at(-1)!)) return null;
  return host;
}

/** The e-mail address lower-cased with its domain in punycode; `null` when it is none. */
export function normaliseEmail(input: string): string | null {
  const trimmed = input.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || trimmed.length > EMAIL_MAX_LENGTH * 2) return null;
  const local = trimmed.slice(0, at);
  const domain = toAsciiDomain(trimmed.slice(at + 1));
  if (!domain || local.length > 64) return null;
  const address = `${local}@${domain}`;
  return address.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(address) ? address : null;
}

/** The kind follows from the value (SPEC §4): with `@` an e-mail address, else a domain. */
export function normaliseWhitelistValue(input: string): NormalisedValue {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, problem: 'value_missing' };
  if (trimmed.includes('@')) {
    const value = normaliseEmail(trimmed);
    return value ? { ok: true, kind: 'email', value } : { ok: false, problem: 'invalid_email' };
  }
  const value = toAsciiDomain(trimmed.toLowerCase());
  return value ? { ok: true, kind: 'domain', value } : { ok: false, problem: 'invalid_domain' };
}
