import { requireExpectedVersion } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/users';
import { route } from '@/lib/server/http/route';
import { getUser } from '@/lib/server/services/users/get-user';
import { updateUser } from '@/lib/server/services/users/update-user';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, ({ actor, params }) => getUser(actor, params.id));

export const PATCH = route(op.update, ({ actor, params, body, req }) =>
  updateUser(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const { POST, PUT, DELETE, OPTIONS } = otherMethods('GET', 'PATCH');
