'use server';

import { callApi } from '@/lib/api-client/action';
import { documentsApi } from '@/lib/api-client/documents';
import { documentSchema, type DocumentUpdateInput } from '@/lib/schemas/document';

/** Mutations of the document pages besides uploads (those go through the proxy with progress). */

export async function updateDocumentAction(id: string, version: number, input: DocumentUpdateInput) {
  return callApi(documentsApi.detailPath(id), {
    method: 'PATCH',
    body: input,
    headers: { 'if-match': `W/"${version}"` },
    schema: documentSchema,
  });
}

export async function deleteDocumentAction(id: string, version: number) {
  return callApi(documentsApi.detailPath(id), { method: 'DELETE', headers: { 'if-match': `W/"${version}"` } });
}
