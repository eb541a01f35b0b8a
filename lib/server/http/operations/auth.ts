import 'server-only';
import { z } from 'zod';
import {
  healthResponseSchema,
  loginInputSchema,
  meResponseSchema,
  refreshInputSchema,
  tokenResponseSchema,
} from '@/lib/schemas/auth';
import { defineOperation } from '../operation';

const tag = 'Auth';

export const login = defineOperation({
  method: 'POST',
  path: '/auth/login',
  summary: 'Sign in with e-mail and password; answers an access token (id_token) and a refresh token',
  tag,
  access: 'public',
  body: loginInputSchema,
  response: tokenResponseSchema,
  errors: [401, 403, 422, 423, 429],
});

export const refresh = defineOperation({
  method: 'POST',
  path: '/auth/refresh',
  summary: 'Rotate the refresh token; reusing an old one ends the whole session',
  tag,
  access: 'public',
  body: refreshInputSchema,
  response: tokenResponseSchema,
  errors: [401, 422],
});

export const logout = defineOperation({
  method: 'POST',
  path: '/auth/logout',
  summary: 'End the session of the presented access token',
  tag,
  access: 'authenticated',
  successStatus: 204,
  errors: [401],
});

export const meGet = defineOperation({
  method: 'GET',
  path: '/auth/me',
  summary: 'The signed-in user with the scopes of their role',
  tag,
  access: 'authenticated',
  response: meResponseSchema,
  errors: [401],
});

export const mePost = defineOperation({ ...meGet, method: 'POST' });

export const health = defineOperation({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database readiness (503 when the database is unavailable)',
  tag: 'Ops',
  access: 'public',
  response: healthResponseSchema,
  errors: [503],
});

export const openapi = defineOperation({
  method: 'GET',
  path: '/openapi.json',
  summary: 'This document',
  tag: 'Ops',
  access: 'public',
  response: z.record(z.string(), z.unknown()),
});
