import { NextResponse, type NextRequest } from 'next/server';
import { clientAddressHeaders } from '@/lib/client-address';
import { LOCALE_COOKIE } from '@/lib/i18n/config';
import { negotiateLocale } from '@/lib/i18n/negotiate-locale';
import { appBaseUrl, benefitsApiUrl, selfCallHeaders } from '@/lib/env';
import {
  decodeSessionToken,
  encodeSessionToken,
  readSessionCookie,
  refreshIfNeeded,
  sessionCookieName,
  sessionCookieOptions,
} from '@/lib/auth/session-cookie';

/**
 * The browser's way to the benefits API (downloads, type-ahead, badges, uploads): reads the
 * session cookie and forwards with the Bearer token, which never reaches page scripts.
 * `/api/ui/<path>` → `{BENEFITS_API_URL}/<path>`.
 */
async function forward(req: NextRequest, context: { params: Promise<{ path: string[] }> }) {
  const unsafe = req.method !== 'GET' && req.method !== 'HEAD';
  // Cookies ride along on cross-site requests; writes must come from our own pages, at the
  // public address users know (NEXTAUTH_URL), not the one the server listens on behind a proxy.
  if (unsafe && req.headers.get('origin') !== new URL(appBaseUrl()).origin) {
    return NextResponse.json(
      { statusCode: 403, code: 'forbidden', message: 'Anfrage von fremder Herkunft abgelehnt.' },
      { status: 403 },
    );
  }
  const token = await decodeSessionToken(readSessionCookie(req.cookies.getAll()));
  if (!token) {
    return NextResponse.json(
      { statusCode: 401, code: 'unauthorized', message: 'Nicht angemeldet oder die Sitzung ist abgelaufen.' },
      { status: 401 },
    );
  }
  const outcome = await refreshIfNeeded(token);
  if (outcome.kind === 'ended') {
    const response = NextResponse.json(
      { statusCode: 401, code: 'unauthorized', message: 'Nicht angemeldet oder die Sitzung ist abgelaufen.' },
      { status: 401 },
    );
    response.cookies.delete(sessionCookieName());
    return response;
  }

  const { path } = await context.params;
  const trailing = /\.[a-z0-9]+$/i.test(path.at(-1) ?? '') ? '' : '/';
  const target = `${benefitsApiUrl()}/${path.map(encodeURIComponent).join('/')}${trailing}${req.nextUrl.search}`;
  const headers = new Headers({
    authorization: `Bearer ${outcome.token.accessToken}`,
    ...selfCallHeaders(),
    ...clientAddressHeaders(req.headers),
  });
  for (const name of ['content-type', 'content-length', 'accept', 'if-match', 'idempotency-key', 'user-agent']) {
    const value = req.headers.get(name);
    if (value) headers.set(name, value);
  }
  // The API speaks the UI's language where it has words for people (CSV headers and labels).
  headers.set(
    'accept-language',
    negotiateLocale({
      cookie: req.cookies.get(LOCALE_COOKIE)?.value,
      userLocale: outcome.token.user.locale,
      acceptLanguage: req.headers.get('accept-language'),
    }),
  );
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: req.method,
      headers,
      body: unsafe ? req.body : undefined,
      // Streams a request body through without buffering it.
      ...(unsafe ? { duplex: 'half' } : {}),
      redirect: 'manual',
      cache: 'no-store',
    } as RequestInit);
  } catch {
    return NextResponse.json(
      { statusCode: 503, code: 'internal', message: 'Der Dienst ist nicht erreichbar.' },
      { status: 503 },
    );
  }
  const responseHeaders = new Headers();
  for (const name of [
    'content-type',
    'content-length',
    'content-disposition',
    'content-security-policy',
    'etag',
    'retry-after',
    'cache-control',
    'x-content-type-options',
    'content-language',
    'vary',
  ]) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  // A file's length (a document download) survives the hop: Next drops Content-Length from a route
  // handler's answer, scripts/server.mjs sends this header as Content-Length instead (issue 49).
  const length = upstream.headers.get('content-length');
  if (length && /^\d{1,15}$/.test(length) && !upstream.headers.has('content-encoding')) {
    responseHeaders.set('x-benefits-content-length', length);
  }
  const response = new NextResponse(upstream.body, { status: upstream.status, headers: responseHeaders });
  if (outcome.kind === 'refreshed') {
    response.cookies.set(sessionCookieName(), await encodeSessionToken(outcome.token), sessionCookieOptions());
  }
  return response;
}

export { forward as GET, forward as POST, forward as PATCH, forward as DELETE };
