import { etagFor } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/users';
import { jsonResponse, route } from '@/lib/server/http/route';
import { deactivateUser } from '@/lib/server/services/users/deactivate-user';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.deactivate, async ({ actor, params }) => {
  const user = await deactivateUser(actor, params.id);
  return jsonResponse(user, 200, { etag: etagFor(user.version) });
});

export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
