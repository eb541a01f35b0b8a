'use server';

import { callApi } from '@/lib/api-client/action';
import { whitelistApi } from '@/lib/api-client/whitelist';
import { whitelistEntrySchema, type WhitelistCreateInput, type WhitelistUpdateInput } from '@/lib/schemas/whitelist';

/** Mutations of the whitelist pages: each is one call to the benefits API with the session's token. */

export async function createWhitelistEntryAction(input: WhitelistCreateInput, idempotencyKey: string) {
  return callApi(whitelistApi.createPath, {
    method: 'POST',
    body: input,
    schema: whitelistEntrySchema,
    idempotencyKey,
  });
}

export async function updateWhitelistEntryAction(id: string, version: number, input: WhitelistUpdateInput) {
  return callApi(whitelistApi.detailPath(id), {
    method: 'PATCH',
    body: input,
    headers: { 'if-match': `W/"${version}"` },
    schema: whitelistEntrySchema,
  });
}

export async function deleteWhitelistEntryAction(id: string, version: number) {
  return callApi(whitelistApi.detailPath(id), { method: 'DELETE', headers: { 'if-match': `W/"${version}"` } });
}
