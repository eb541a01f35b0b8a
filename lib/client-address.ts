import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { getEnv } from '@/lib/env';

/**
 * The client's address, for the per-address sign-in and reset limits (SPEC §4). Shared by the API
 * (which counts it) and the UI's server side (which calls the API on a visitor's behalf). Node
 * runtime only; the edge middleware has no use for it.
 *
 * Next gives route handlers no socket address (`NextRequest.ip` is gone since Next 15), and it only
 * fills `X-Forwarded-For` from the socket when the client sent none, so that header alone is
 * whatever the client wrote. Hence:
 * - scripts/server.mjs records the socket's peer in PEER_ADDRESS_HEADER (dropping any copy a client
 *   sent) and says so in `BENEFITS_PEER_ADDRESS_RECORDED`;
 * - `TRUSTED_PROXY_HOPS` proxies in front append to `X-Forwarded-For`; the N-th entry from the right
 *   is the one the outermost trusted proxy saw, everything left of it is the client's to forge;
 * - when the UI's server calls the API for a visitor (over loopback, in process, or to another
 *   deployment) the API sees that server, not the visitor: the UI vouches for the address it
 *   resolved with an HMAC keyed from API_TOKEN_SECRET, which no client can produce.
 */
export const PEER_ADDRESS_HEADER = 'x-benefits-peer-address';
export const CLIENT_ADDRESS_HEADER = 'x-benefits-client-address';
export const UNKNOWN_ADDRESS = 'unknown';

/** A vouched address is accepted this long: long enough for clock skew, too short to collect. */
const MAX_AGE_SECONDS = 120;

type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined | null;

function header(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** One spelling per address (IPv4-mapped IPv6 as IPv4, ports and brackets dropped), or null. */
export function normaliseAddress(raw: string | undefined): string | null {
  if (!raw) return null;
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.toLowerCase();
  if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7);
  return isIP(value) ? value : null;
}

let warnedUnknownPeer = false;

function recordedPeer(headers: HeaderSource): string | null {
  // Only scripts/server.mjs strips a client's copy of the header; under `next start` it is forgeable.
  if (process.env.BENEFITS_PEER_ADDRESS_RECORDED !== '1') return null;
  return normaliseAddress(header(headers, PEER_ADDRESS_HEADER));
}

/**
 * The address of the client that sent this request: the socket's peer, or with `hops` trusted
 * proxies in front the `hops`-th `X-Forwarded-For` entry from the right. A chain shorter than
 * that did not come through all the proxies and counts as the peer.
 */
export function resolveClientAddress(headers: HeaderSource, hops = getEnv().TRUSTED_PROXY_HOPS): string {
  const peer = recordedPeer(headers);
  if (hops > 0) {
    const chain = (header(headers, 'x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const hop = chain.length >= hops ? normaliseAddress(chain[chain.length - hops]) : null;
    if (hop) return hop;
  }
  if (peer) return peer;
  if (!warnedUnknownPeer && hops === 0) {
    warnedUnknownPeer = true;
    console.warn(
      '[client-address] the socket address is unknown (serve with scripts/server.mjs) and TRUSTED_PROXY_HOPS=0: ' +
        'all such clients share one sign-in rate limit',
    );
  }
  return UNKNOWN_ADDRESS;
}

function signingKey(): Buffer | null {
  const secret = getEnv().API_TOKEN_SECRET;
  // Derived, so a client-address signature can never pass for anything the token secret signs.
  return secret ? createHmac('sha256', secret).update('benefits client address v1').digest() : null;
}

function signature(key: Buffer, address: string, issuedAt: number): string {
  return createHmac('sha256', key).update(`${address}\n${issuedAt}`).digest('base64url');
}

/**
 * Headers for a call the UI's server makes to the API on behalf of the client of `incoming`:
 * the resolved address, signed. Empty without API_TOKEN_SECRET (a UI deployed apart from the API
 * without it): the API then counts this server's own address.
 */
export function clientAddressHeaders(incoming: HeaderSource, now = Date.now()): Record<string, string> {
  const key = signingKey();
  if (!key) return {};
  const address = resolveClientAddress(incoming);
  const issuedAt = Math.floor(now / 1000);
  return { [CLIENT_ADDRESS_HEADER]: `${address};${issuedAt};${signature(key, address, issuedAt)}` };
}

/** The address the app's own server vouched for, or null when the header is absent, stale or forged. */
export function vouchedClientAddress(value: string | null | undefined, now = Date.now()): string | null {
  if (!value) return null;
  const key = signingKey();
  const match = /^([0-9a-f.:]+|unknown);(\d{1,12});([A-Za-z0-9_-]{43})$/.exec(value);
  if (!key || !match) return null;
  const [, address, issued, given] = match as unknown as [string, string, string, string];
  const issuedAt = Number(issued);
  if (Math.abs(now / 1000 - issuedAt) > MAX_AGE_SECONDS) return null;
  const expected = Buffer.from(signature(key, address, issuedAt));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? address : null;
}
