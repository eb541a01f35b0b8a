/**
 * The Content-Security-Policy of every page (edge middleware): scripts only with this response's
 * nonce (Next puts it on its own scripts when it finds the policy in the request headers) and
 * what they load ('strict-dynamic'); no plugins, no foreign frames or bases, no framing of the app.
 * Styles stay 'unsafe-inline': Bootstrap's positioning and the top loader set style attributes.
 */
export function contentSecurityPolicy(nonce: string, options: { isDev: boolean; isHttps: boolean }): string {
  const script = [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`, ...(options.isDev ? [`'unsafe-eval'`] : [])];
  return [
    `default-src 'self'`,
    `script-src ${script.join(' ')}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    // PDF and image previews of documents come from the app itself.
    `frame-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    ...(options.isHttps ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** A random nonce per response: 16 bytes, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** HSTS for a year once the public URL is https; never over plain http, where browsers ignore it anyway. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export function isHttpsDeployment(publicUrl: string | undefined): boolean {
  return Boolean(publicUrl?.startsWith('https://'));
}

/**
 * The nonce of a policy `contentSecurityPolicy` wrote (the root layout reads it from the request's
 * header for its inline theme script), or undefined when the policy carries none.
 */
export function nonceFromPolicy(policy: string | null | undefined): string | undefined {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? '')?.[1];
}
