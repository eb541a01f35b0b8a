import 'server-only';
import { idParamsSchema } from '@/lib/schemas/common';
import {
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeyRotateSchema,
  apiKeySchema,
  apiKeyWithSecretSchema,
} from '@/lib/schemas/api-key';
import { defineOperation } from '../operation';

const tag = 'API keys';

export const list = defineOperation({
  method: 'GET',
  path: '/api-keys',
  summary: 'Every API key for machine clients, revoked ones included (administrators; not with a key)',
  tag,
  access: 'authenticated',
  response: apiKeyListSchema,
});

export const create = defineOperation({
  method: 'POST',
  path: '/api-keys',
  summary:
    'A key with scopes (today’s scopes but approvals.decide, plus whitelist.check for only the portal’s check), a reach (accountId: that account’s tree; null: every account) and an expiry (expiresAt: default in a year, at most 2 years ahead). The answer carries the secret (`ebmt_…`) this once',
  tag,
  access: 'authenticated',
  body: apiKeyCreateSchema,
  response: apiKeyWithSecretSchema,
  location: (key) => `/api-keys/${key.id}`,
  successStatus: 201,
  errors: [404],
});

export const get = defineOperation({
  method: 'GET',
  path: '/api-keys/[id]',
  summary: 'One key: its visible prefix, scopes, reach, expiry, last use (time, client address)',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  response: apiKeySchema,
  errors: [404],
});

export const revoke = defineOperation({
  method: 'DELETE',
  path: '/api-keys/[id]',
  summary: 'Revoke a key: refused from the next request on',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  successStatus: 204,
  errors: [404],
});

export const rotate = defineOperation({
  method: 'POST',
  path: '/api-keys/[id]/rotate',
  summary:
    'A new secret for the key (shown this once); the current one keeps working for overlapHours (default 24, at most 168)',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  body: apiKeyRotateSchema,
  response: apiKeyWithSecretSchema,
  errors: [404, 409],
});
