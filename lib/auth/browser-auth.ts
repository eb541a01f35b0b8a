/**
 * Sign-in and sign-out from the browser through next-auth's endpoints (`/api/auth/…`), doing what
 * `signIn('credentials', {redirect: false})` and `signOut({callbackUrl})` of `next-auth/react` do.
 * That module weighs ~9 kB (gzip) on every signed-in page, mostly its bundled async runtime and
 * the SessionProvider this app does not use (so there is no other tab's session state to notify).
 */
const AUTH_BASE = '/api/auth';

async function csrfToken(): Promise<string> {
  const response = await fetch(`${AUTH_BASE}/csrf/`);
  const body = (await response.json()) as { csrfToken?: string };
  return body.csrfToken ?? '';
}

async function postForm(path: string, fields: Record<string, string>): Promise<{ response: Response; url?: string }> {
  const response = await fetch(`${AUTH_BASE}/${path}/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: 'true' }),
  });
  const body = (await response.json()) as { url?: string };
  return { response, url: body.url };
}

export interface SignInResult {
  /** next-auth's error code from the answer's URL (`?error=…`), or null. */
  error: string | null;
  status: number;
  ok: boolean;
  url: string | null;
}

/**
 * Signs in without navigating; the caller decides where to go. The first step sends e-mail and
 * password, the second (issue 28) the `mfaToken` with `code`, `recoveryCode` or `webauthn` (JSON).
 */
export async function signInWithCredentials(
  credentials:
    { email: string; password: string } | { mfaToken: string; code?: string; recoveryCode?: string; webauthn?: string },
): Promise<SignInResult> {
  const { response, url = '' } = await postForm('callback/credentials', {
    ...credentials,
    redirect: 'false',
    callbackUrl: window.location.href,
  });
  const error = new URL(url, window.location.href).searchParams.get('error');
  return { error, status: response.status, ok: response.ok, url: error ? null : url };
}

/** Ends the session and navigates to `callbackUrl` (or where next-auth says). */
export async function signOut(callbackUrl: string): Promise<void> {
  const { url = callbackUrl } = await postForm('signout', { callbackUrl });
  window.location.href = url;
  if (url.includes('#')) window.location.reload();
}
