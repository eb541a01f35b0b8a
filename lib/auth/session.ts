import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { decodeSessionToken, readSessionCookie } from './session-cookie';
import type { AuthTokenFields, UiSession } from './types';

/** The tokens of this request's session, read from the encrypted cookie (server only). */
export const getAuthToken = cache(async (): Promise<AuthTokenFields | null> => {
  const store = await cookies();
  return decodeSessionToken(readSessionCookie(store.getAll()));
});

/** The session as the UI exposes it: `{user, loggedIn, strategy: 'local'}`, or null. */
export async function getUiSession(): Promise<UiSession | null> {
  const token = await getAuthToken();
  return token ? { user: token.user, loggedIn: true, strategy: 'local' } : null;
}
