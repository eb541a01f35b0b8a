import 'server-only';
import { requireExpectedVersion } from '../etag';
import * as op from '../operations/profile';
import { route } from '../route';
import { changePassword as changeOwnPassword } from '@/lib/server/services/profile/change-password';
import { endOtherSessions as endOwnOtherSessions } from '@/lib/server/services/profile/end-other-sessions';
import { endSession as endOwnSession } from '@/lib/server/services/profile/end-session';
import { findSessions } from '@/lib/server/services/profile/find-sessions';
import { getProfile } from '@/lib/server/services/profile/get-profile';
import { requestEmailChange } from '@/lib/server/services/profile/request-email-change';
import { exportOwnPersonalData } from '@/lib/server/services/personal-data/export-personal-data';
import { recordAccess } from '@/lib/server/access-log/collector';
import {
  createSavedView,
  deleteSavedView,
  findSavedViews,
  getListColumns,
  setListColumns,
  updateSavedView,
} from '@/lib/server/services/profile/saved-views';
import { updateProfile } from '@/lib/server/services/profile/update-profile';

export const get = route(op.get, ({ actor }) => getProfile(actor));

export const update = route(op.update, ({ actor, body, req }) =>
  updateProfile(actor, body, requireExpectedVersion(req, body.version)),
);

export const changePassword = route(op.changePassword, ({ actor, body }) => changeOwnPassword(actor, body));

export const changeEmail = route(op.changeEmail, async ({ actor, body }) => {
  await requestEmailChange(actor, body);
  return { accepted: true as const };
});

export const sessions = route(op.sessions, ({ actor }) => findSessions(actor));

export const endOtherSessions = route(op.endOtherSessions, ({ actor }) => endOwnOtherSessions(actor));

export const endSession = route(op.endSession, ({ actor, params }) => endOwnSession(actor, params.id));

export const dataExport = route(op.dataExport, async ({ actor }) => {
  const answer = await exportOwnPersonalData(actor);
  recordAccess(actor, op.dataExport, [actor.id]);
  return answer;
});

export const views = route(op.views, ({ actor, query }) => findSavedViews(actor, query.list));

export const createView = route(op.createView, ({ actor, body }) => createSavedView(actor, body));

export const updateView = route(op.updateView, ({ actor, params, body, req }) =>
  updateSavedView(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const deleteView = route(op.deleteView, ({ actor, params, req }) =>
  deleteSavedView(actor, params.id, req.headers.has('if-match') ? requireExpectedVersion(req) : undefined),
);

export const columns = route(op.columns, ({ actor, params }) => getListColumns(actor, params.list));

export const setColumns = route(op.setColumns, ({ actor, params, body }) =>
  setListColumns(actor, params.list, body.hidden),
);
