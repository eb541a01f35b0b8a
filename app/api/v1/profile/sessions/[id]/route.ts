import * as op from '@/lib/server/http/operations/profile';
import { route } from '@/lib/server/http/route';
import { endSession } from '@/lib/server/services/profile/end-session';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const DELETE = route(op.endSession, ({ actor, params }) => endSession(actor, params.id));

export const { GET, POST, PATCH, PUT, OPTIONS } = otherMethods('DELETE');
