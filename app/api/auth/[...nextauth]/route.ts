import NextAuth from 'next-auth';
import { cookies } from 'next/headers';
import type { NextRequest } from 'next/server';
import { getAuthOptions, inAppCallbackPath } from '@/lib/auth/options';
import { appBaseUrl } from '@/lib/env';

type Context = { params: Promise<{ nextauth: string[] }> };

const CALLBACK_COOKIES = ['next-auth.callback-url', '__Secure-next-auth.callback-url'];

/**
 * next-auth checks a `callbackUrl` query value and its callback cookie with `new URL()` before any
 * callback runs, and answers 500 ("problem with the server configuration") to one it cannot parse
 * (`%2F%2Fevil.com`, `\\evil.com`). Both are dropped here unless they name a safe in-app path, so
 * next-auth goes on with its default (the home page) and the redirect callback decides the rest.
 */
async function handler(req: NextRequest, context: Context) {
  const origin = appBaseUrl();
  const callback = req.nextUrl.searchParams.get('callbackUrl');
  // next-auth reads the query from this very `nextUrl`.
  if (callback !== null && !inAppCallbackPath(callback, origin)) req.nextUrl.searchParams.delete('callbackUrl');
  const jar = await cookies();
  for (const name of CALLBACK_COOKIES) {
    const value = jar.get(name)?.value;
    // Deleting here also hides it from next-auth, which reads the same request cookies.
    if (value !== undefined && !inAppCallbackPath(value, origin)) jar.delete(name);
  }
  return NextAuth(req as never, context as never, getAuthOptions());
}

export { handler as GET, handler as POST };
