import { meResponseSchema, tokenResponseSchema, type LoginInput } from '@/lib/schemas/auth';
import { apiRequest } from './http';

export function login(credentials: LoginInput, forwarded: { ip?: string; userAgent?: string } = {}) {
  const headers: Record<string, string> = {};
  if (forwarded.ip) headers['x-forwarded-for'] = forwarded.ip;
  if (forwarded.userAgent) headers['user-agent'] = forwarded.userAgent;
  return apiRequest('/auth/login/', { method: 'POST', body: credentials, headers, schema: tokenResponseSchema });
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
