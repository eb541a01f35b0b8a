import { etagFor } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/users';
import { jsonResponse, route } from '@/lib/server/http/route';
import { findUsers } from '@/lib/server/services/users/find-users';
import { inviteUser } from '@/lib/server/services/users/invite-user';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.list, ({ actor, query }) => findUsers(actor, query));

export const POST = route(op.invite, async ({ actor, body }) => {
  const user = await inviteUser(actor, body);
  return jsonResponse(user, 201, { etag: etagFor(user.version) });
});

export const { PATCH, PUT, DELETE } = otherMethods('GET', 'POST');
