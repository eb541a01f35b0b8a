import { isPreviewableType } from '@/lib/schemas/document-files';
import { fileResponse } from '@/lib/server/http/download';
import * as op from '@/lib/server/http/operations/documents';
import { route } from '@/lib/server/http/route';
import { getDocumentContent } from '@/lib/server/services/documents/get-document-content';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

/** The file of one version; `?inline=1` only counts for PDFs and images, everything else is an attachment. */
export const GET = route(op.content, async ({ actor, params, query }) => {
  const file = await getDocumentContent(actor, params.id, params.n);
  return fileResponse({ ...file, isInline: Boolean(query.inline) && isPreviewableType(file.mimeType) });
});

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
