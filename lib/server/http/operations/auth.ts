import 'server-only';
import { z } from 'zod';
import {
  healthResponseSchema,
  readinessResponseSchema,
  loginInputSchema,
  meResponseSchema,
  refreshInputSchema,
  tokenResponseSchema,
} from '@/lib/schemas/auth';
import { loginResponseSchema } from '@/lib/schemas/mfa';
import { defineOperation } from '../operation';

const tag = 'Auth';

export const login = defineOperation({
  method: 'POST',
  path: '/auth/login',
  summary:
    'Sign in with e-mail and password; answers an access token (id_token) and a refresh token, or — for a user with a second factor — `{mfa_required: true, mfa_token, methods}` for POST /auth/login/mfa',
  tag,
  access: 'public',
  body: loginInputSchema,
  response: loginResponseSchema,
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
  duringMfaEnrolment: true,
});

export const meGet = defineOperation({
  method: 'GET',
  path: '/auth/me',
  summary: 'The signed-in user with the scopes of their role',
  tag,
  access: 'authenticated',
  response: meResponseSchema,
  errors: [401],
  duringMfaEnrolment: true,
});

export const mePost = defineOperation({ ...meGet, method: 'POST' });

export const health = defineOperation({
  method: 'GET',
  path: '/health',
  summary: 'Liveness: the process serves requests (never touches the database, answers at once). For a liveness probe',
  tag: 'Ops',
  access: 'public',
  response: healthResponseSchema,
  usesDatabase: false,
});

export const ready = defineOperation({
  method: 'GET',
  path: '/health/ready',
  summary:
    'Readiness: the database answers within 1 s and takes a write; 503 when it is unavailable, full or read-only. For a readiness probe or a load balancer',
  tag: 'Ops',
  access: 'public',
  response: readinessResponseSchema,
  // Load balancers read the status: 503 takes the instance out of rotation until the database is back.
  statusOf: (readiness) => (readiness.status === 'ready' ? 200 : 503),
  headersOf: (readiness): Record<string, string> => (readiness.status === 'ready' ? {} : { 'retry-after': '2' }),
  answerStatuses: [503],
  usesDatabase: false,
});

export const openapi = defineOperation({
  method: 'GET',
  path: '/openapi.json',
  summary: 'This document',
  tag: 'Ops',
  access: 'public',
  response: z.record(z.string(), z.unknown()),
  usesDatabase: false,
});
