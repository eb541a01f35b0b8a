import { requireExpectedVersion } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/documents';
import { route } from '@/lib/server/http/route';
import { addDocumentVersion } from '@/lib/server/services/documents/add-document-version';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.addVersion, ({ actor, params, file, req }) =>
  addDocumentVersion(actor, params.id, file, req.headers.has('if-match') ? requireExpectedVersion(req) : null),
);

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
