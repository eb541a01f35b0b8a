import { requireExpectedVersion } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { getAccount } from '@/lib/server/services/accounts/get-account';
import { updateAccount } from '@/lib/server/services/accounts/update-account';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, ({ actor, params }) => getAccount(actor, params.id));

export const PATCH = route(op.update, ({ actor, params, body, req }) =>
  updateAccount(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const { POST, PUT, DELETE, OPTIONS } = otherMethods('GET', 'PATCH');
