import { z } from './zod';
import { uuidSchema } from './common';
import { singleLineText } from './text';

/** The events an endpoint may receive (issue 48). */
export const WEBHOOK_EVENTS = [
  'account.created',
  'account.updated',
  'account.status_changed',
  'user.invited',
  'user.updated',
  'user.activated',
  'user.deactivated',
  'whitelist.entry.created',
  'whitelist.entry.updated',
  'whitelist.entry.deleted',
  'whitelist.imported',
  'approval.requested',
  'approval.decided',
  'document.uploaded',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

export const webhookEndpointCreateSchema = z
  .strictObject({
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .meta({ description: 'https:// (http:// only with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true)' }),
    description: singleLineText().max(200).default(''),
    events: z.array(webhookEventSchema).min(1).max(WEBHOOK_EVENTS.length),
  })
  .meta({ id: 'WebhookEndpointCreate' });
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;

export const webhookEndpointSchema = z
  .object({
    id: uuidSchema,
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    disabledAt: z.iso.datetime({ offset: true }).nullable(),
    failingSince: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** A create's answer: the endpoint and its signing secret (`whsec_…`), shown this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string().startsWith('whsec_') })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const webhookEndpointListSchema = z
  .object({ items: z.array(webhookEndpointSchema) })
  .meta({ id: 'WebhookEndpointList' });

export const webhookAttemptSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** At most 64 KB of the answer's body. */
  responseBody: z.string(),
});

export const webhookMessageSchema = z
  .object({
    id: uuidSchema,
    event: z.string(),
    /** The record the event is about (the payload's `data.id`). */
    entityId: z.string().nullable(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.array(webhookAttemptSchema),
    createdAt: z.iso.datetime({ offset: true }),
    deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'WebhookMessage' });
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

export const webhookMessageListSchema = z
  .object({ items: z.array(webhookMessageSchema) })
  .meta({ id: 'WebhookMessageList' });

export const webhookMessageParamsSchema = z.strictObject({ id: uuidSchema, messageId: uuidSchema });
