import { NextResponse, type NextRequest } from 'next/server';
import { safeCallbackPath } from '@/lib/auth/callback-path';
import { LOGIN_PATH } from '@/lib/auth/route-table';
import { sessionCookieName } from '@/lib/auth/session-cookie';

/**
 * Where a page goes when the API refuses the session (signed out elsewhere, locked, expired).
 * Server components cannot delete cookies; this route handler can.
 */
export function GET(req: NextRequest) {
  const login = new URL(LOGIN_PATH, req.url);
  login.searchParams.set('reason', 'expired');
  const callback = safeCallbackPath(req.nextUrl.searchParams.get('callbackUrl'), '');
  if (callback) login.searchParams.set('callbackUrl', callback);
  const response = NextResponse.redirect(login);
  const name = sessionCookieName();
  for (const cookie of req.cookies.getAll()) {
    if (cookie.name === name || cookie.name.startsWith(`${name}.`)) response.cookies.delete(cookie.name);
  }
  return response;
}
