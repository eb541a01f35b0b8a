import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { fetchMe, login, loginSecondFactor, logout } from '@/lib/api-client/auth';
import type { MfaLoginInput } from '@/lib/schemas/mfa';
import { ApiRequestError } from '@/lib/api-client/http';
import { clientAddressHeaders } from '@/lib/client-address';
import { requireSecret } from '@/lib/env';
import { SESSION_MAX_AGE_SECONDS, hasSecureCookies } from './cookie-settings';
import { isSafeCallbackPath } from './callback-path';
import { LOGIN_PATH } from './route-table';
import { encodeMfaRequired, encodeSignInError } from './sign-in-error';

function signInErrorFor(error: unknown, secondStep: boolean): string {
  if (!(error instanceof ApiRequestError)) return encodeSignInError('failed');
  switch (error.statusCode) {
    case 401:
      return encodeSignInError(secondStep ? 'mfa_expired' : 'invalid');
    case 422:
      return encodeSignInError(secondStep ? 'code_invalid' : 'invalid');
    case 403:
      return encodeSignInError('disabled');
    case 423:
      return encodeSignInError('locked', error.retryAfterSeconds);
    case 429:
      return encodeSignInError('rate_limited', error.retryAfterSeconds);
    case 503:
      return encodeSignInError('unreachable');
    default:
      return encodeSignInError('failed');
  }
}

/** The password was right and a second factor follows (its message is the encoded challenge). */
class MfaRequired extends Error {}

/** The second step's body: the token and exactly the one factor the form sent. */
function secondFactorOf(mfaToken: string, fields: Record<string, string | undefined>): MfaLoginInput {
  if (fields.webauthn) {
    let assertion: unknown;
    try {
      assertion = JSON.parse(fields.webauthn);
    } catch {
      assertion = null;
    }
    return { mfa_token: mfaToken, webauthn: assertion as MfaLoginInput['webauthn'] };
  }
  if (fields.recoveryCode) return { mfa_token: mfaToken, recovery_code: fields.recoveryCode };
  return { mfa_token: mfaToken, code: fields.code ?? '' };
}

function header(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The safe in-app path a callback URL names (a path, or a URL on `origin`), or null. */
export function inAppCallbackPath(url: string, origin: string): string | null {
  if (url === origin) return '/';
  const path = url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
  return isSafeCallbackPath(path) ? path : null;
}

export function getAuthOptions(): NextAuthOptions {
  return {
    secret: requireSecret('NEXTAUTH_SECRET'),
    useSecureCookies: hasSecureCookies(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: LOGIN_PATH, signOut: LOGIN_PATH, error: LOGIN_PATH },
    providers: [
      CredentialsProvider({
        name: 'credentials',
        // Two steps (issue 28): e-mail and password; then, for a user with a second factor, the
        // `mfaToken` the first step reported with one of `code`, `recoveryCode` or `webauthn` (JSON).
        credentials: {
          email: { type: 'email' },
          password: { type: 'password' },
          mfaToken: { type: 'text' },
          code: { type: 'text' },
          recoveryCode: { type: 'text' },
          webauthn: { type: 'text' },
        },
        async authorize(credentials, req) {
          const email = credentials?.email ?? '';
          const password = credentials?.password ?? '';
          const mfaToken = credentials?.mfaToken ?? '';
          if (!mfaToken && (!email || !password)) throw new Error(encodeSignInError('invalid'));
          try {
            // Sign-in is never retried (seed §4): one call to login, one to me.
            const userAgent = header(req?.headers, 'user-agent');
            const forwarded = {
              ...clientAddressHeaders(req?.headers),
              ...(userAgent ? { 'user-agent': userAgent } : {}),
            };
            const tokens = mfaToken
              ? await loginSecondFactor(secondFactorOf(mfaToken, credentials ?? {}), forwarded)
              : await login({ email, password }, forwarded);
            if (!('id_token' in tokens)) throw new MfaRequired(encodeMfaRequired(tokens.mfa_token, tokens.methods));
            const { user } = await fetchMe(tokens.id_token);
            return {
              id: user.id,
              user,
              accessToken: tokens.id_token,
              refreshToken: tokens.refresh_token,
              accessTokenExpires: Date.now() + tokens.expires_in * 1000,
            };
          } catch (error) {
            if (error instanceof MfaRequired) throw new Error(error.message);
            throw new Error(signInErrorFor(error, Boolean(mfaToken)));
          }
        },
      }),
    ],
    callbacks: {
      /**
       * Where next-auth sends the browser after signing in or out. Its default builds a `URL` from
       * the callback and throws (a 500) on values such as `%2F%2Fevil.com` or `\\evil.com`; this
       * one cannot throw and only ever answers a safe in-app path on the app's own origin.
       */
      redirect({ url, baseUrl }) {
        const origin = baseUrl.replace(/\/+$/, '');
        return `${origin}${inAppCallbackPath(url, origin) ?? '/'}`;
      },
      jwt({ token, user }) {
        if (user) {
          return {
            sub: user.id,
            user: user.user,
            accessToken: user.accessToken,
            refreshToken: user.refreshToken,
            accessTokenExpires: user.accessTokenExpires,
          };
        }
        return token;
      },
      session({ session, token }) {
        // Only the user reaches the browser; the tokens stay in the encrypted cookie.
        return { expires: session.expires, user: token.user!, loggedIn: true, strategy: 'local' };
      },
    },
    events: {
      async signOut({ token }) {
        // The API session ends too; its errors are ignored and the cookie is cleared regardless.
        if (token?.accessToken) await logout(token.accessToken).catch(() => undefined);
      },
    },
  };
}
