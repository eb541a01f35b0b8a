'use server';

import { revalidatePath } from 'next/cache';
import { callApi } from '@/lib/api-client/action';
import { apiKeysApi } from '@/lib/api-client/api-keys';
import { apiKeyWithSecretSchema, type ApiKeyCreate } from '@/lib/schemas/api-key';

/** Mutations of /einstellungen/api-schluessel/: each one call to the benefits API. */

export async function createApiKeyAction(input: ApiKeyCreate) {
  const result = await callApi(apiKeysApi.createPath, { method: 'POST', body: input, schema: apiKeyWithSecretSchema });
  revalidatePath('/einstellungen/api-schluessel/');
  return result;
}

export async function revokeApiKeyAction(id: string) {
  const result = await callApi(apiKeysApi.detailPath(id), { method: 'DELETE' });
  revalidatePath('/einstellungen/api-schluessel/');
  return result;
}
