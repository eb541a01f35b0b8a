import { NextResponse, type NextRequest } from 'next/server';
import { PATH_HEADER } from '@/lib/api-client/path-header';
import { decideGuard } from '@/lib/auth/guard-decision';
import { FORBIDDEN_PATH, matchRoute } from '@/lib/auth/route-table';
import {
  decodeSessionToken,
  encodeSessionToken,
  readSessionCookie,
  refreshIfNeeded,
  sessionCookieName,
  sessionCookieOptions,
} from '@/lib/auth/session-cookie';

/**
 * Guards every page from the one route table (lib/auth/route-table.ts) and refreshes the
 * access token before it expires, the one place where every request may write the cookie.
 */
export async function middleware(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const rule = matchRoute(pathname);
  // Unknown paths fall through to the 404 page, which anybody may see.
  if (!rule) return NextResponse.next();

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

  const decision = decideGuard(rule, token?.user ?? null, `${pathname}${search}`);
  let response: NextResponse;
  if (decision.kind === 'redirect') {
    response = NextResponse.redirect(new URL(decision.location, req.url));
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
  return response;
}

export const config = {
  // Pages only: the API guards itself, and static files need no guard.
  matcher: ['/((?!api/|_next/|favicon\\.ico|robots\\.txt|.*\\.[a-z0-9]+$).*)'],
};
