/**
 * What a page costs on the wire besides its time: the RSC payload of a client-side navigation
 * against the JSON of the API call it shows, and the JavaScript a cold load fetches.
 */
import { gzipSync } from 'node:zlib';

/** Bytes of the RSC payload a client-side navigation to `path` receives (uncompressed). */
export async function rscBytes(base, path, headers) {
  const response = await fetch(`${base}${path}`, {
    headers: { ...headers, rsc: '1', accept: 'text/x-component', 'accept-encoding': 'identity' },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: body.length };
}

/** Bytes of an API answer (uncompressed JSON). */
export async function jsonBytes(base, path, headers) {
  const response = await fetch(`${base}${path}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: body.length };
}

/**
 * The JavaScript a cold load of `path` fetches: every script of its HTML (`<script src>` and the
 * chunks it preloads), gzip-compressed, without the polyfills only old browsers load (`noModule`).
 */
export async function firstLoadJs(base, path, headers, cache = new Map()) {
  const response = await fetch(`${base}${path}`, { headers: { ...headers, accept: 'text/html' } });
  const html = await response.text();
  const sources = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1];
    if (/\bnoModule\b/i.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) sources.add(src);
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/g)) {
    const attributes = match[1];
    if (!/rel="(?:preload|modulepreload)"/.test(attributes) || !/as="script"/.test(attributes)) continue;
    const href = /\bhref="([^"]+)"/.exec(attributes)?.[1];
    if (href) sources.add(href);
  }
  let gzipBytes = 0;
  for (const src of sources) {
    const url = new URL(src.replaceAll('&amp;', '&'), base).href;
    if (!cache.has(url)) {
      const script = Buffer.from(await (await fetch(url)).arrayBuffer());
      cache.set(url, gzipSync(script, { level: 9 }).length);
    }
    gzipBytes += cache.get(url);
  }
  return {
    status: response.status,
    scripts: sources.size,
    gzipBytes,
    gzipKiB: Math.round(gzipBytes / 102.4) / 10,
    gzipKB: Math.round(gzipBytes / 100) / 10,
  };
}
