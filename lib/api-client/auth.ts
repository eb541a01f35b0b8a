import { meResponseSchema, tokenResponseSchema, type LoginInput } from '@/lib/schemas/auth';
import { loginResponseSchema, type MfaLoginInput } from '@/lib/schemas/mfa';
import { apiRequest } from './http';

/** `forwarded`: the visitor's user agent and vouched address (lib/client-address.ts), for the API's limits. */
export function login(credentials: LoginInput, forwarded: Record<string, string> = {}) {
  return apiRequest('/auth/login/', {
    method: 'POST',
    body: credentials,
    headers: forwarded,
    schema: loginResponseSchema,
  });
}

/** The second step of a sign-in with a second factor (`mfa_token` from `login`). */
export function loginSecondFactor(input: MfaLoginInput, forwarded: Record<string, string> = {}) {
  return apiRequest('/auth/login/mfa/', {
    method: 'POST',
    body: input,
    headers: forwarded,
    schema: tokenResponseSchema,
  });
}

export function refreshTokens(refreshToken: string) {
  return apiRequest('/auth/refresh/', {
    method: 'POST',
    body: { refresh_token: refreshToken },
    schema: tokenResponseSchema,
  });
}

export function fetchMe(token: string) {
  return apiRequest('/auth/me/', { method: 'POST', token, schema: meResponseSchema });
}

export function logout(token: string) {
  return apiRequest('/auth/logout/', { method: 'POST', token });
}
