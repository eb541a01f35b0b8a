'use server';

import { revalidatePath } from 'next/cache';
import { callApi } from '@/lib/api-client/action';
import { webhooksApi } from '@/lib/api-client/webhooks';
import { uuidSchema } from '@/lib/schemas/common';
import { webhookEndpointWithSecretSchema, type WebhookEndpointCreate } from '@/lib/schemas/webhook';

/** Mutations of /einstellungen/webhooks/: each one call to the benefits API. */

export async function createWebhookAction(input: WebhookEndpointCreate) {
  const result = await callApi(webhooksApi.createPath, {
    method: 'POST',
    body: input,
    schema: webhookEndpointWithSecretSchema,
  });
  revalidatePath('/einstellungen/webhooks/');
  return result;
}

/** The delivery log's forms (work without JavaScript). */
export async function redeliverWebhookAction(formData: FormData): Promise<void> {
  const id = uuidSchema.safeParse(formData.get('id'));
  const messageId = uuidSchema.safeParse(formData.get('messageId'));
  if (!id.success || !messageId.success) return;
  await callApi(webhooksApi.redeliverPath(id.data, messageId.data), { method: 'POST' });
  revalidatePath(`/einstellungen/webhooks/${id.data}/`);
}

export async function enableWebhookAction(formData: FormData): Promise<void> {
  const id = uuidSchema.safeParse(formData.get('id'));
  if (!id.success) return;
  await callApi(webhooksApi.enablePath(id.data), { method: 'POST' });
  revalidatePath(`/einstellungen/webhooks/${id.data}/`);
}
