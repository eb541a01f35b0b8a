import 'server-only';
import { getAsOf } from '@/lib/server/services/changes/get-as-of';
import { runBulk } from '@/lib/server/services/bulk/run-bulk';
import { requireExpectedVersion } from '../etag';
import * as op from '../operations/accounts';
import { route } from '../route';
import { createAccount } from '@/lib/server/services/accounts/create-account';
import { findAccounts } from '@/lib/server/services/accounts/find-accounts';
import { findChildren } from '@/lib/server/services/accounts/find-children';
import { findDistributors } from '@/lib/server/services/accounts/find-distributors';
import { getAccount } from '@/lib/server/services/accounts/get-account';
import { requestAccountActivation } from '@/lib/server/services/accounts/request-account-activation';
import { requestAccountArchive } from '@/lib/server/services/accounts/request-account-archive';
import { resumeAccount } from '@/lib/server/services/accounts/resume-account';
import { suspendAccount } from '@/lib/server/services/accounts/suspend-account';
import { updateAccount } from '@/lib/server/services/accounts/update-account';

export const list = route(op.list, ({ actor, query }) => findAccounts(actor, query));

export const distributors = route(op.distributors, ({ actor }) => findDistributors(actor));

export const create = route(op.create, ({ actor, body }) => createAccount(actor, body));

export const get = route(op.get, ({ actor, params, query }) =>
  query.asOf ? getAsOf(actor, 'account', params.id, query.asOf) : getAccount(actor, params.id),
);

export const update = route(op.update, ({ actor, params, body, req }) =>
  updateAccount(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const children = route(op.children, ({ actor, params, query }) => findChildren(actor, params.id, query));

export const suspend = route(op.suspend, ({ actor, params }) => suspendAccount(actor, params.id));

export const resume = route(op.resume, ({ actor, params }) => resumeAccount(actor, params.id));

export const requestActivation = route(op.requestActivation, ({ actor, params, body }) =>
  requestAccountActivation(actor, params.id, body),
);

export const requestArchive = route(op.requestArchive, ({ actor, params, body }) =>
  requestAccountArchive(actor, params.id, body),
);

/** Each account's archive request through the single request: one approval each. */
export const bulk = route(op.bulk, ({ actor, body }) =>
  runBulk(body.ids, (id) => requestAccountArchive(actor, id, { reason: body.reason })),
);
