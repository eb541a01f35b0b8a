import * as op from '@/lib/server/http/operations/users';
import { route } from '@/lib/server/http/route';
import { deactivateUser } from '@/lib/server/services/users/deactivate-user';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.deactivate, ({ actor, params }) => deactivateUser(actor, params.id));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
