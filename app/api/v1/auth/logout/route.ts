import * as op from '@/lib/server/http/operations/auth';
import { route } from '@/lib/server/http/route';
import { revokeSession } from '@/lib/server/services/auth/revoke-session';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.logout, ({ actor }) => revokeSession(actor.sessionId, 'logout'));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
