import { requireExpectedVersion } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/documents';
import { route } from '@/lib/server/http/route';
import { deleteDocument } from '@/lib/server/services/documents/delete-document';
import { getDocument } from '@/lib/server/services/documents/get-document';
import { updateDocument } from '@/lib/server/services/documents/update-document';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, ({ actor, params }) => getDocument(actor, params.id));

export const PATCH = route(op.update, ({ actor, params, body, req }) =>
  updateDocument(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const DELETE = route(op.remove, ({ actor, params, req }) =>
  deleteDocument(actor, params.id, requireExpectedVersion(req)),
);

export const { POST, PUT, OPTIONS } = otherMethods('GET', 'PATCH', 'DELETE');
