import * as op from '@/lib/server/http/operations/users';
import { route } from '@/lib/server/http/route';
import { findUsers } from '@/lib/server/services/users/find-users';
import { inviteUser } from '@/lib/server/services/users/invite-user';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.list, ({ actor, query }) => findUsers(actor, query));

export const POST = route(op.invite, ({ actor, body }) => inviteUser(actor, body));

export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');
