import { requireExpectedVersion } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/whitelist';
import { route } from '@/lib/server/http/route';
import { deleteWhitelistEntry } from '@/lib/server/services/whitelist/delete-whitelist-entry';
import { getWhitelistEntry } from '@/lib/server/services/whitelist/get-whitelist-entry';
import { updateWhitelistEntry } from '@/lib/server/services/whitelist/update-whitelist-entry';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, ({ actor, params }) => getWhitelistEntry(actor, params.id));

export const PATCH = route(op.update, ({ actor, params, body, req }) =>
  updateWhitelistEntry(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const DELETE = route(op.remove, ({ actor, params, req }) =>
  deleteWhitelistEntry(actor, params.id, requireExpectedVersion(req)),
);

export const { POST, PUT, OPTIONS } = otherMethods('GET', 'PATCH', 'DELETE');
