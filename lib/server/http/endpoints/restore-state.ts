import 'server-only';
import { restoreState } from '@/lib/server/services/restore-state/restore-state';
import { requireExpectedVersion } from '../etag';
import * as op from '../operations/restore-state';
import { route } from '../route';

export const account = route(op.account, ({ actor, params, body, req }) =>
  restoreState(actor, 'account', params.id, body, requireExpectedVersion(req, body.version)),
);

export const user = route(op.user, ({ actor, params, body, req }) =>
  restoreState(actor, 'user', params.id, body, requireExpectedVersion(req, body.version)),
);

export const document = route(op.document, ({ actor, params, body, req }) =>
  restoreState(actor, 'document', params.id, body, requireExpectedVersion(req, body.version)),
);

export const task = route(op.task, ({ actor, params, body, req }) =>
  restoreState(actor, 'task', params.id, body, requireExpectedVersion(req, body.version)),
);

export const whitelist = route(op.whitelist, ({ actor, params, body, req }) =>
  restoreState(actor, 'whitelist_entry', params.id, body, requireExpectedVersion(req, body.version)),
);
