import type { SessionUser } from '@/lib/schemas/auth';

/** What the encrypted session cookie holds. Tokens never leave the server. */
export interface AuthTokenFields {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token expires. */
  accessTokenExpires: number;
  user: SessionUser;
}

/** The session the UI exposes (SPEC §4). */
export interface UiSession {
  user: SessionUser;
  loggedIn: true;
  strategy: 'local';
}
