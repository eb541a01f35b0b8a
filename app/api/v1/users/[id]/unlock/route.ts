import * as op from '@/lib/server/http/operations/users';
import { route } from '@/lib/server/http/route';
import { unlockUser } from '@/lib/server/services/users/unlock-user';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.unlock, ({ actor, params }) => unlockUser(actor, params.id));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
