import * as op from '@/lib/server/http/operations/users';
import { route } from '@/lib/server/http/route';
import { lockUser } from '@/lib/server/services/users/lock-user';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.lock, ({ actor, params }) => lockUser(actor, params.id));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
