import { NextResponse, type NextRequest } from 'next/server';
import { fetchMe } from '@/lib/api-client/auth';
import { PATH_HEADER } from '@/lib/api-client/path-header';
import { decideGuard } from '@/lib/auth/guard-decision';
import { FORBIDDEN_PATH, matchRoute } from '@/lib/auth/route-table';
import { contentSecurityPolicy, createNonce, HSTS, isHttpsDeployment } from '@/lib/auth/security-headers';
import { isServerActionCall, refusedServerActionStatus } from '@/lib/auth/server-action-body';
import { isForeignOrigin, isPossibleServerAction } from '@/lib/auth/server-action-origin';
import {
  decodeSessionToken,
  encodeSessionToken,
  readSessionCookie,
  refreshIfNeeded,
  sessionCookieName,
  sessionCookieOptions,
} from '@/lib/auth/session-cookie';
import { trailingSlashPath } from '@/lib/trailing-slash';

/**
 * Guards every page from the one route table (lib/auth/route-table.ts) and refreshes the
 * access token before it expires, the one place where every request may write the cookie.
 * Every page answer gets its Content-Security-Policy with a fresh nonce here.
 */
export async function middleware(req: NextRequest) {
  // Pages keep Next's trailingSlash redirect, which next.config.ts skips so the API need not
  // redirect. On the request's own host, which Next turns into a relative Location, as its own is.
  const { pathname, search } = req.nextUrl;
  const served = trailingSlashPath(pathname);
  if (served !== pathname && !pathname.startsWith('/_next/')) {
    return NextResponse.redirect(new URL(`${served}${search}`, req.url), 308);
  }

  const nonce = createNonce();
  const isHttps = isHttpsDeployment(process.env.NEXTAUTH_URL);
  const csp = contentSecurityPolicy(nonce, { isDev: process.env.NODE_ENV === 'development', isHttps });
  // Next reads the nonce from the request's policy and puts it on the scripts it renders.
  req.headers.set('content-security-policy', csp);
  const secure = (response: NextResponse) => {
    response.headers.set('content-security-policy', csp);
    if (isHttps) response.headers.set('strict-transport-security', HSTS);
    return response;
  };

  if (isPossibleServerAction(req) && isForeignOrigin(req.headers)) {
    return secure(new NextResponse(null, { status: 403 }));
  }
  if (isServerActionCall(req)) {
    const refused = await refusedServerActionStatus(req);
    if (refused) return secure(new NextResponse(null, { status: refused }));
  }

  const rule = matchRoute(pathname);
  // Unknown paths fall through to the 404 page, which anybody may see.
  if (!rule) return secure(NextResponse.next({ request: { headers: req.headers } }));

  let token = await decodeSessionToken(readSessionCookie(req.cookies.getAll()));
  let setCookie: string | null | undefined;
  if (token) {
    const outcome = await refreshIfNeeded(token);
    if (outcome.kind === 'ended') {
      token = null;
      setCookie = null;
    } else if (outcome.kind === 'refreshed') {
      token = outcome.token;
      setCookie = await encodeSessionToken(outcome.token);
    }
  }

  // A user sent to enrol a second factor: once one is set up, the cookie learns it here (the API
  // enforces the rule on its own; this only decides which pages to show).
  if (token?.user.mfaEnrolmentRequired) {
    const me = await fetchMe(token.accessToken).catch(() => null);
    if (me && !me.user.mfaEnrolmentRequired) {
      token = { ...token, user: me.user };
      setCookie = await encodeSessionToken(token);
    }
  }

  const decision = decideGuard(rule, token?.user ?? null, `${pathname}${search}`);
  let response: NextResponse;
  if (decision.kind === 'redirect') {
    // On the public origin (NEXTAUTH_URL), never the address the server listens on behind a proxy.
    response = NextResponse.redirect(new URL(decision.location, process.env.NEXTAUTH_URL || req.url));
  } else {
    // Later handlers of this request must see the refreshed cookie, not the stale one.
    if (setCookie === null) req.cookies.delete(sessionCookieName());
    else if (setCookie) req.cookies.set(sessionCookieName(), setCookie);
    // Server components cannot see the URL; the session-ended redirect needs it.
    req.headers.set(PATH_HEADER, `${pathname}${search}`);
    const request = { headers: req.headers };
    response =
      decision.kind === 'forbidden'
        ? NextResponse.rewrite(new URL(FORBIDDEN_PATH, req.url), { request, status: 403 })
        : NextResponse.next({ request });
  }

  if (setCookie === null) response.cookies.delete(sessionCookieName());
  else if (setCookie) response.cookies.set(sessionCookieName(), setCookie, sessionCookieOptions());
  return secure(response);
}

export const config = {
  // Pages only: the API guards itself; only real static assets skip the guard (a path that merely
  // ends like a file name, such as /accounts/<id>.css, is still a page and is guarded).
  matcher: ['/((?!api/|_next/static/|_next/image|favicon\\.ico$|robots\\.txt$|icon\\.svg$).*)'],
};
