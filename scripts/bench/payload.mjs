/**
 * What a page costs on the wire besides its time: the RSC payload of a client-side navigation
 * against the JSON of the API call it shows, and the JavaScript a cold load fetches.
 */
import { gzipSync } from 'node:zlib';

/**
 * The router state of the signed-in dashboard (`/`, app/(app)/page.tsx) as the browser sends it
 * (`Next-Router-State-Tree`) when a link there is clicked: the server then renders only the segments
 * below the layouts both pages share.
 */
export const DASHBOARD_ROUTER_STATE = ['', { children: ['(app)', { children: ['__PAGE__', {}] }] }];

/**
 * Bytes of the RSC payload of `path` (uncompressed). Without `from`: the whole tree (every layout
 * and the page, what a request without the browser's router state receives, the figure issue 15
 * and 30 stated). With `from` (a router state, e.g. DASHBOARD_ROUTER_STATE): what a client-side
 * navigation from that page receives (issue 50), without the layouts the two pages share.
 */
export async function rscBytes(base, path, headers, from) {
  const response = await fetch(`${base}${path}`, {
    headers: {
      ...headers,
      rsc: '1',
      accept: 'text/x-component',
      'accept-encoding': 'identity',
      ...(from ? { 'next-router-state-tree': encodeURIComponent(JSON.stringify(from)) } : {}),
    },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: body.length, text: body.toString('utf8') };
}

/** Bytes of an API answer (uncompressed JSON). */
export async function jsonBytes(base, path, headers) {
  const response = await fetch(`${base}${path}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: body.length, text: body.toString('utf8') };
}

/**
 * The JavaScript a cold load of `path` fetches: every script of its HTML (`<script src>` and the
 * chunks it preloads) and every chunk its inline RSC payload names (client components the page
 * hydrates, such as the error boundary's chunk, which React loads as it reads the payload),
 * gzip-compressed, without the polyfills only old browsers load (`noModule`).
 */
export async function firstLoadJs(base, path, headers, cache = new Map()) {
  const response = await fetch(`${base}${path}`, { headers: { ...headers, accept: 'text/html' } });
  const html = await response.text();
  // One entry per file: a script tag, a preload and the payload may all name the same chunk.
  const sources = new Map();
  const urlOf = (src) => new URL(src.replaceAll('&amp;', '&'), base);
  const add = (src) => {
    const url = urlOf(src);
    sources.set(url.pathname, url.href);
  };
  const polyfills = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1];
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (!src) continue;
    if (/\bnoModule\b/i.test(attributes)) polyfills.add(urlOf(src).pathname);
    else add(src);
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/g)) {
    const attributes = match[1];
    if (!/rel="(?:preload|modulepreload)"/.test(attributes) || !/as="script"/.test(attributes)) continue;
    const href = /\bhref="([^"]+)"/.exec(attributes)?.[1];
    if (href) add(href);
  }
  // The RSC payload inlined in the HTML (`self.__next_f.push`) names chunks as `/_next/static/…`
  // or, in the client references' chunk lists, as `static/chunks/…`.
  for (const match of html.matchAll(/(?:\/_next\/)?static\/chunks\/[\w.~()[\]@%-]+(?:\/[\w.~()[\]@%-]+)*\.js/g)) {
    const src = match[0].startsWith('/_next/') ? match[0] : `/_next/${match[0]}`;
    if (!polyfills.has(src)) add(src);
  }
  let gzipBytes = 0;
  const files = [];
  for (const [pathname, url] of sources) {
    if (!cache.has(url)) {
      const script = Buffer.from(await (await fetch(url)).arrayBuffer());
      cache.set(url, gzipSync(script, { level: 9 }).length);
    }
    gzipBytes += cache.get(url);
    files.push({ path: pathname, gzipBytes: cache.get(url) });
  }
  return {
    status: response.status,
    scripts: sources.size,
    // Each script and its size, largest first (the results file keeps them: what to look at first).
    files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipBytes,
    gzipKiB: Math.round(gzipBytes / 102.4) / 10,
    gzipKB: Math.round(gzipBytes / 100) / 10,
  };
}
