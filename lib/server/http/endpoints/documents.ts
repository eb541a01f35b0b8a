import 'server-only';
import { restoreDocument } from '@/lib/server/services/documents/restore-document';
import { getAsOf } from '@/lib/server/services/changes/get-as-of';
import { runBulk, versionOf } from '@/lib/server/services/bulk/run-bulk';
import { isPreviewableType } from '@/lib/schemas/document-files';
import { csvLocaleOfRequest } from '../csv-texts';
import { fileResponse } from '../download';
import { requireExpectedVersion } from '../etag';
import * as op from '../operations/documents';
import { route } from '../route';
import { addDocumentVersion } from '@/lib/server/services/documents/add-document-version';
import { createDocument } from '@/lib/server/services/documents/create-document';
import { deleteDocument } from '@/lib/server/services/documents/delete-document';
import { findDocuments } from '@/lib/server/services/documents/find-documents';
import { getDocument } from '@/lib/server/services/documents/get-document';
import { getDocumentContent } from '@/lib/server/services/documents/get-document-content';
import { updateDocument } from '@/lib/server/services/documents/update-document';
import { exportDocuments } from '@/lib/server/services/export/export-documents';

export const list = route(op.list, ({ actor, query }) => findDocuments(actor, query));

export const create = route(op.create, ({ actor, body, file }) => createDocument(actor, body, file));

export const get = route(op.get, ({ actor, params, query }) =>
  query.asOf ? getAsOf(actor, 'document', params.id, query.asOf) : getDocument(actor, params.id),
);

export const update = route(op.update, ({ actor, params, body, req }) =>
  updateDocument(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const remove = route(op.remove, ({ actor, params, req }) =>
  deleteDocument(actor, params.id, requireExpectedVersion(req)),
);

export const addVersion = route(op.addVersion, ({ actor, params, file, req }) =>
  addDocumentVersion(actor, params.id, file, req.headers.has('if-match') ? requireExpectedVersion(req) : null),
);

/** The file of one version; `?inline=1` only counts for PDFs and images, everything else is an attachment. */
export const content = route(op.content, async ({ actor, params, query }) => {
  const file = await getDocumentContent(actor, params.id, params.n);
  return fileResponse({ ...file, isInline: Boolean(query.inline) && isPreviewableType(file.mimeType) });
});

export const exportCsv = route(op.exportCsv, async ({ actor, query, req }) =>
  exportDocuments(actor, query, csvLocaleOfRequest(req, actor), 'csv'),
);

export const exportXlsx = route(op.exportXlsx, async ({ actor, query, req }) =>
  exportDocuments(actor, query, csvLocaleOfRequest(req, actor), 'xlsx'),
);

/** Each document through the single change or delete, against the version the caller saw. */
export const bulk = route(op.bulk, ({ actor, body }) =>
  runBulk(body.ids, async (id) => {
    if (body.action === 'restore') return restoreDocument(actor, id);
    const version = versionOf(id, body.versions);
    if (body.action === 'delete') return deleteDocument(actor, id, version);
    return updateDocument(actor, id, { category: body.category }, version);
  }),
);

export const restore = route(op.restore, async ({ actor, params }) => {
  await restoreDocument(actor, params.id);
});
