import { NextResponse, type NextRequest } from 'next/server';
import { safeCallbackPath } from '@/lib/auth/callback-path';
import { LOGIN_PATH } from '@/lib/auth/route-table';
import { sessionCookieName } from '@/lib/auth/session-cookie';

/**
 * Where a page goes when the API refuses the session (signed out elsewhere, locked, expired).
 * Server components cannot delete cookies; this route handler can.
 */
export function GET(req: NextRequest) {
  const query = new URLSearchParams({ reason: 'expired' });
  const callback = safeCallbackPath(req.nextUrl.searchParams.get('callbackUrl'), '');
  if (callback) query.set('callbackUrl', callback);
  // Relative: the server's own idea of its host (localhost:PORT behind a proxy) is never the user's.
  const response = new NextResponse(null, { status: 307, headers: { location: `${LOGIN_PATH}?${query}` } });
  const name = sessionCookieName();
  for (const cookie of req.cookies.getAll()) {
    if (cookie.name === name || cookie.name.startsWith(`${name}.`)) response.cookies.delete(cookie.name);
  }
  return response;
}
