import { decode, encode, type JWT } from 'next-auth/jwt';
import { refreshTokens } from '@/lib/api-client/auth';
import { ApiRequestError } from '@/lib/api-client/http';
import { requireSecret } from '@/lib/env';
import { SESSION_MAX_AGE_SECONDS, hasSecureCookies } from './cookie-settings';
import type { AuthTokenFields } from './types';

/** Refresh the access token when less than this is left, so no API call meets an expired one. */
export const REFRESH_MARGIN_MS = 60_000;

export function sessionCookieName(): string {
  return `${hasSecureCookies() ? '__Secure-' : ''}next-auth.session-token`;
}

export function sessionCookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: hasSecureCookies(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  };
}

/** Reassembles the session cookie (next-auth splits it into `.0`, `.1` … above 4 KB). */
export function readSessionCookie(cookies: { name: string; value: string }[]): string | undefined {
  const name = sessionCookieName();
  const whole = cookies.find((cookie) => cookie.name === name);
  if (whole) return whole.value;
  const chunks = cookies
    .filter((cookie) => cookie.name.startsWith(`${name}.`))
    .sort((a, b) => Number(a.name.slice(name.length + 1)) - Number(b.name.slice(name.length + 1)));
  return chunks.length ? chunks.map((chunk) => chunk.value).join('') : undefined;
}

export function isCompleteToken(token: JWT | null): token is JWT & AuthTokenFields {
  return Boolean(token?.accessToken && token.refreshToken && token.user && token.accessTokenExpires);
}

export async function decodeSessionToken(raw: string | undefined): Promise<(JWT & AuthTokenFields) | null> {
  if (!raw) return null;
  const token = await decode({ token: raw, secret: requireSecret('NEXTAUTH_SECRET') }).catch(() => null);
  return isCompleteToken(token) ? token : null;
}

export function encodeSessionToken(token: JWT): Promise<string> {
  return encode({ token, secret: requireSecret('NEXTAUTH_SECRET'), maxAge: SESSION_MAX_AGE_SECONDS });
}

export type RefreshOutcome =
  | { kind: 'fresh'; token: JWT & AuthTokenFields }
  | { kind: 'refreshed'; token: JWT & AuthTokenFields }
  | { kind: 'ended' };

/**
 * Rotates the tokens when the access token is about to expire. Runs in the middleware, the one
 * place that may write cookies on every kind of request. An API that is unreachable or answers
 * 503 (its database is away, or it sheds load) does not end the session; one that refuses the
 * refresh token does.
 */
export async function refreshIfNeeded(token: JWT & AuthTokenFields, now = Date.now()): Promise<RefreshOutcome> {
  if (token.accessTokenExpires - now > REFRESH_MARGIN_MS) return { kind: 'fresh', token };
  try {
    const next = await refreshTokens(token.refreshToken);
    return {
      kind: 'refreshed',
      token: {
        ...token,
        accessToken: next.id_token,
        refreshToken: next.refresh_token,
        accessTokenExpires: now + next.expires_in * 1000,
      },
    };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.code === 'unreachable' || error.statusCode === 503)) {
      return { kind: 'fresh', token };
    }
    return { kind: 'ended' };
  }
}
