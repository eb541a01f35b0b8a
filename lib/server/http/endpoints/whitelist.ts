import 'server-only';
import { restoreDeleted } from '@/lib/server/services/trash/restore-deleted';
import { getAsOf } from '@/lib/server/services/changes/get-as-of';
import { runBulk, versionOf } from '@/lib/server/services/bulk/run-bulk';
import { csvLocaleOfRequest } from '../csv-texts';
import { requireExpectedVersion } from '../etag';
import * as op from '../operations/whitelist';
import { route } from '../route';
import { exportWhitelist } from '@/lib/server/services/export/export-whitelist';
import { checkWhitelist } from '@/lib/server/services/whitelist/check-whitelist';
import { createWhitelistEntry } from '@/lib/server/services/whitelist/create-whitelist-entry';
import { deleteWhitelistEntry } from '@/lib/server/services/whitelist/delete-whitelist-entry';
import { findWhitelistEntries } from '@/lib/server/services/whitelist/find-whitelist-entries';
import { getWhitelistEntry } from '@/lib/server/services/whitelist/get-whitelist-entry';
import { importWhitelist } from '@/lib/server/services/whitelist/import-whitelist';
import {
  updateWhitelistEntry,
  updateWhitelistEntryInBulk,
} from '@/lib/server/services/whitelist/update-whitelist-entry';

export const list = route(op.list, ({ actor, query }) => findWhitelistEntries(actor, query));

export const create = route(op.create, ({ actor, body }) => createWhitelistEntry(actor, body));

export const get = route(op.get, ({ actor, params, query }) =>
  query.asOf ? getAsOf(actor, 'whitelist_entry', params.id, query.asOf) : getWhitelistEntry(actor, params.id),
);

export const update = route(op.update, ({ actor, params, body, req }) =>
  updateWhitelistEntry(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const remove = route(op.remove, ({ actor, params, req }) =>
  deleteWhitelistEntry(actor, params.id, requireExpectedVersion(req)),
);

/** The CSV body is streamed by the service itself (not JSON), within the operation's byte limit. */
export const importCsv = route(op.importCsv, ({ actor, query, req }) => importWhitelist(actor, query, req));

export const check = route(op.check, ({ actor, query }) => checkWhitelist(actor, query.email));

export const exportCsv = route(op.exportCsv, async ({ actor, query, req }) =>
  exportWhitelist(actor, query, csvLocaleOfRequest(req, actor), 'csv'),
);

export const exportXlsx = route(op.exportXlsx, async ({ actor, query, req }) =>
  exportWhitelist(actor, query, csvLocaleOfRequest(req, actor), 'xlsx'),
);

/** Each entry through the single delete or change, against the version the caller saw. */
export const bulk = route(op.bulk, ({ actor, body }) =>
  runBulk(body.ids, async (id) => {
    if (body.action === 'restore') return restoreDeleted(actor, 'whitelist_entry', id);
    const version = versionOf(id, body.versions);
    if (body.action === 'delete') return deleteWhitelistEntry(actor, id, version);
    return updateWhitelistEntryInBulk(actor, id, { validUntil: body.validUntil }, version);
  }),
);

export const restore = route(op.restore, async ({ actor, params }) => {
  await restoreDeleted(actor, 'whitelist_entry', params.id);
});
