import 'server-only';
import { getAsOf } from '@/lib/server/services/changes/get-as-of';
import { runBulk } from '@/lib/server/services/bulk/run-bulk';
import { csvLocaleOfRequest } from '../csv-texts';
import { requireExpectedVersion } from '../etag';
import * as op from '../operations/users';
import { route } from '../route';
import { exportUsers } from '@/lib/server/services/export/export-users';
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
import { accessRecorder, recordAccess } from '@/lib/server/access-log/collector';
import { findAccessLog } from '@/lib/server/services/access-log/find-access-log';

// Reads of people's data are logged (issue 51): who, whom, through which route (lib/server/access-log).
export const list = route(op.list, async ({ actor, query }) => {
  const page = await findUsers(actor, query);
  recordAccess(
    actor,
    op.list,
    page.items.map((user) => user.id),
  );
  return page;
});

export const invite = route(op.invite, ({ actor, body }) => inviteUser(actor, body));

export const get = route(op.get, async ({ actor, params, query }) => {
  // An as-of view shows the person's data as it was: a read of their personal data all the same.
  const answer = query.asOf ? await getAsOf(actor, 'user', params.id, query.asOf) : await getUser(actor, params.id);
  recordAccess(actor, op.get, [params.id]);
  return answer;
});

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

export const dataExport = route(op.dataExport, async ({ actor, params }) => {
  const answer = await exportUserPersonalData(actor, params.id);
  recordAccess(actor, op.dataExport, [params.id]);
  return answer;
});

export const accessLog = route(op.accessLog, ({ actor, params, query }) => findAccessLog(actor, params.id, query));

export const exportCsv = route(op.exportCsv, async ({ actor, query, req }) =>
  exportUsers(actor, query, csvLocaleOfRequest(req, actor), 'csv', accessRecorder(actor, op.exportCsv)),
);

export const exportXlsx = route(op.exportXlsx, async ({ actor, query, req }) =>
  exportUsers(actor, query, csvLocaleOfRequest(req, actor), 'xlsx', accessRecorder(actor, op.exportXlsx)),
);

/** Each user through the single deactivation or resent invitation (its throttle per address applies). */
export const bulk = route(op.bulk, ({ actor, body }) =>
  runBulk(body.ids, (id) =>
    body.action === 'deactivate' ? deactivateUser(actor, id) : resendUserInvitation(actor, id),
  ),
);
