import 'server-only';
import { runBulk } from '@/lib/server/services/bulk/run-bulk';
import { csvLocaleOfRequest } from '../csv-texts';
import { requireExpectedVersion } from '../etag';
import * as op from '../operations/users';
import { route } from '../route';
import { exportUsersCsv } from '@/lib/server/services/export/export-users';
import { deactivateUser } from '@/lib/server/services/users/deactivate-user';
import { findUsers } from '@/lib/server/services/users/find-users';
import { getUser } from '@/lib/server/services/users/get-user';
import { inviteUser } from '@/lib/server/services/users/invite-user';
import { lockUser } from '@/lib/server/services/users/lock-user';
import { resendInvitation as resendUserInvitation } from '@/lib/server/services/users/resend-invitation';
import { unlockUser } from '@/lib/server/services/users/unlock-user';
import { updateUser } from '@/lib/server/services/users/update-user';
import { requestUserErasure } from '@/lib/server/services/users/erase-user';
import { exportUserPersonalData } from '@/lib/server/services/personal-data/export-personal-data';

export const list = route(op.list, ({ actor, query }) => findUsers(actor, query));

export const invite = route(op.invite, ({ actor, body }) => inviteUser(actor, body));

export const get = route(op.get, ({ actor, params }) => getUser(actor, params.id));

export const update = route(op.update, ({ actor, params, body, req }) =>
  updateUser(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const lock = route(op.lock, ({ actor, params }) => lockUser(actor, params.id));

export const unlock = route(op.unlock, ({ actor, params }) => unlockUser(actor, params.id));

export const deactivate = route(op.deactivate, ({ actor, params }) => deactivateUser(actor, params.id));

export const resendInvitation = route(op.resendInvitation, ({ actor, params }) =>
  resendUserInvitation(actor, params.id),
);

export const requestErasure = route(op.requestErasure, ({ actor, params, body }) =>
  requestUserErasure(actor, params.id, body),
);

export const dataExport = route(op.dataExport, ({ actor, params }) => exportUserPersonalData(actor, params.id));

export const exportCsv = route(op.exportCsv, async ({ actor, query, req }) =>
  exportUsersCsv(actor, query, csvLocaleOfRequest(req, actor)),
);

/** Each user through the single deactivation or resent invitation (its throttle per address applies). */
export const bulk = route(op.bulk, ({ actor, body }) =>
  runBulk(body.ids, (id) =>
    body.action === 'deactivate' ? deactivateUser(actor, id) : resendUserInvitation(actor, id),
  ),
);
