import 'server-only';
import { idParamsSchema } from '@/lib/schemas/common';
import {
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookMessageListSchema,
  webhookMessageParamsSchema,
} from '@/lib/schemas/webhook';
import { defineOperation } from '../operation';

const tag = 'Webhooks';

export const list = defineOperation({
  method: 'GET',
  path: '/webhooks',
  summary: 'Every webhook endpoint (administrators; not with an API key)',
  tag,
  access: 'authenticated',
  response: webhookEndpointListSchema,
});

export const create = defineOperation({
  method: 'POST',
  path: '/webhooks',
  summary:
    'An endpoint: an https:// URL and the events it receives. The answer carries the signing secret (`whsec_…`, Standard Webhooks) this once',
  tag,
  access: 'authenticated',
  body: webhookEndpointCreateSchema,
  response: webhookEndpointWithSecretSchema,
  location: (endpoint) => `/webhooks/${endpoint.id}`,
  successStatus: 201,
});

export const get = defineOperation({
  method: 'GET',
  path: '/webhooks/[id]',
  summary: 'One endpoint: enabled, failing since, disabled at',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  response: webhookEndpointSchema,
  errors: [404],
});

export const remove = defineOperation({
  method: 'DELETE',
  path: '/webhooks/[id]',
  summary: 'Delete an endpoint with its messages and delivery log',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  successStatus: 204,
  errors: [404],
});

export const enable = defineOperation({
  method: 'POST',
  path: '/webhooks/[id]/enable',
  summary: 'Enable an endpoint again (one disabled after 24 hours of failures)',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  response: webhookEndpointSchema,
  errors: [404],
});

export const messages = defineOperation({
  method: 'GET',
  path: '/webhooks/[id]/messages',
  summary: 'The delivery log: the latest 100 messages with every attempt (status, duration, up to 64 KB of the answer)',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  response: webhookMessageListSchema,
  errors: [404],
});

export const redeliver = defineOperation({
  method: 'POST',
  path: '/webhooks/[id]/messages/[messageId]/redeliver',
  summary: 'Send a message once more (the same webhook-id, so receivers can tell)',
  tag,
  access: 'authenticated',
  params: webhookMessageParamsSchema,
  successStatus: 202,
  errors: [404],
});
