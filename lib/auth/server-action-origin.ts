/**
 * Next refuses a Server Action call from another origin (its CSRF check in app-render's
 * action-handler) with 500 "Invalid Server Actions request". The middleware refuses it first with
 * 403, by Next's own rule, so it neither lets through what Next would refuse nor refuses what Next
 * would run. next.config.ts sets no `serverActions.allowedOrigins`; were it to, they would have to
 * pass here too. Runs on the edge.
 */

/**
 * What Next treats as a possible Server Action: a POST with a `Next-Action` header (the router's
 * call) or a multipart form (a form posted without JavaScript names its action in the body).
 */
export function isPossibleServerAction(req: Request): boolean {
  if (req.method !== 'POST') return false;
  return req.headers.has('next-action') || (req.headers.get('content-type') ?? '').startsWith('multipart/form-data');
}

/**
 * Whether the call's `Origin` is not this host: the first `X-Forwarded-Host` (a proxy's public
 * name, which Next sets from `Host` when there is none), else `Host`. Without `Origin` Next lets the
 * call run (no browser leaves it out of a cross-origin POST); an opaque origin (`null`) or one that
 * is no URL never matches.
 */
export function isForeignOrigin(headers: Headers): boolean {
  const origin = headers.get('origin');
  if (origin === null) return false;
  let originHost = 'null';
  if (origin !== 'null') {
    try {
      originHost = new URL(origin).host;
    } catch {
      return true;
    }
  }
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  return !host || originHost !== host;
}
