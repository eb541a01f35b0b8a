import { etagFor, requireExpectedVersion } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/users';
import { jsonResponse, route } from '@/lib/server/http/route';
import { getUser } from '@/lib/server/services/users/get-user';
import { updateUser } from '@/lib/server/services/users/update-user';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, async ({ actor, params }) => {
  const user = await getUser(actor, params.id);
  return jsonResponse(user, 200, { etag: etagFor(user.version) });
});

export const PATCH = route(op.update, async ({ actor, params, body, req }) => {
  const result = await updateUser(actor, params.id, body, requireExpectedVersion(req, body.version));
  return jsonResponse(result, 200, { etag: etagFor(result.user.version) });
});

export const { POST, PUT, DELETE } = otherMethods('GET', 'PATCH');
