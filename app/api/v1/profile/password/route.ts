import * as op from '@/lib/server/http/operations/profile';
import { route } from '@/lib/server/http/route';
import { changePassword } from '@/lib/server/services/profile/change-password';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.changePassword, ({ actor, body }) => changePassword(actor, body));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
