import 'server-only';
import * as op from '../operations/webhooks';
import { route } from '../route';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  findWebhookEndpoints,
  findWebhookMessages,
  getWebhookEndpoint,
  redeliverWebhookMessage,
} from '@/lib/server/services/webhooks/manage-webhooks';

export const list = route(op.list, ({ actor }) => findWebhookEndpoints(actor));
export const create = route(op.create, ({ actor, body }) => createWebhookEndpoint(actor, body));
export const get = route(op.get, ({ actor, params }) => getWebhookEndpoint(actor, params.id));
export const remove = route(op.remove, ({ actor, params }) => deleteWebhookEndpoint(actor, params.id));
export const enable = route(op.enable, ({ actor, params }) => enableWebhookEndpoint(actor, params.id));
export const messages = route(op.messages, ({ actor, params }) => findWebhookMessages(actor, params.id));
/** 202 without a body: the message is queued again. */
export const redeliver = route(op.redeliver, async ({ actor, params }) => {
  await redeliverWebhookMessage(actor, params.id, params.messageId);
  return new Response(null, { status: 202, headers: { 'cache-control': 'no-store' } });
});
